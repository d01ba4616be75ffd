/**
 * What the credential test tells a seller, by the problem type of the ping's answer (spec §B.5). n8n checks
 * these rules in order against the answer's body; the ping itself answers `{data: {message}}`, so a body
 * without `data` is a failure whatever else it says.
 */
import type { IAuthenticateRuleResponseSuccessBody } from 'n8n-workflow';

const onProblem = (type: string, message: string): IAuthenticateRuleResponseSuccessBody => ({
	type: 'responseSuccessBody',
	properties: { key: 'type', value: type, message },
});

export const WRONG_CLOCK_MESSAGE =
	"The marketplace refused the request's time stamp: the clock of the machine running n8n is more than 5 minutes off. Set it right (turn on automatic time synchronisation) and test again. The keys were not checked.";

export const credentialTestRules: IAuthenticateRuleResponseSuccessBody[] = [
	{
		type: 'responseSuccessBody',
		properties: { key: 'errors[0].field', value: 'Shop-Timestamp', message: WRONG_CLOCK_MESSAGE },
	},
	onProblem(
		'/problems/missing-or-invalid-request-header',
		"The marketplace refused a request header, most likely the time stamp: check that the clock of the machine running n8n is right (within 5 minutes), and that the User-Agent is filled in.",
	),
	onProblem(
		'/problems/invalid-credentials',
		'The marketplace does not know this Client Key (or Partner Client Key). Copy it again from the API settings of the Seller Portal.',
	),
	onProblem(
		'/problems/corrupted-signature',
		'The Client Key is known, but the signature does not match: the Secret Key (or Partner Secret Key) is wrong. Copy it again from the API settings of the Seller Portal; it cannot be shown twice, so create a new key pair if it is lost.',
	),
	onProblem('/problems/inactive-account', 'The keys are right, but the seller account is not active.'),
	onProblem('/problems/unauthorized', 'The marketplace did not accept these keys. Check the Client Key and the Secret Key.'),
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'data',
			value: undefined,
			message:
				'The marketplace did not answer the test request with its ping. Check the Base URL (it must end in /v2) and that the keys belong to this environment.',
		},
	},
];
