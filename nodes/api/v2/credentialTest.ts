/**
 * What the credential test tells a seller, by the problem type of the ping's answer. n8n checks
 * these rules in order against the answer's body; the ping itself answers `{data: {message}}`, so a body
 * without `data` is a failure whatever else it says.
 *
 * n8n's declarative credential test shows a rule either the HTTP status (when the request fails) or the body
 * (when, as here, error statuses are answers), never both; and a test function on the node is not an option, as
 * n8n prefers the credential's own `test`, which the community-node rules require. So the body decides: a problem
 * body means the Base URL reached the marketplace, and its type says what it refused. `about:blank` (the
 * OpenAPI's "nothing beyond the status", which the ping declares only with 400, 401 and 500) points at the keys,
 * the usual cause, not at the Base URL.
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
		'The marketplace refused a request header, most likely the time stamp: check that the clock of the machine running n8n is right (within 5 minutes), and that the User-Agent is filled in.',
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
	onProblem(
		'/problems/unauthorized',
		'The marketplace did not accept these keys. Check the Client Key and the Secret Key.',
	),
	onProblem(
		'about:blank',
		'The marketplace refused the test request without naming a reason. Most often the keys are wrong: check the Client Key and the Secret Key (and the partner keys, if set), that they belong to this environment (production or playground), and that the clock of the machine running n8n is right.',
	),
	onProblem(
		'/problems/forbidden',
		'The marketplace knows these keys but does not allow this account to use the API. Check the API settings of the Seller Portal.',
	),
	onProblem(
		'/problems/server-error',
		'The marketplace failed while answering the test request (server error). The keys were not judged: try again later.',
	),
	onProblem(
		'/problems/service-unavailable',
		'The marketplace is unavailable right now. The keys were not judged: try again later.',
	),
	onProblem(
		'/problems/not-found',
		'The marketplace has no ping at this address: check the Base URL (it must end in /v2, e.g. https://sellerapi.kaufland.com/v2).',
	),
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
