/**
 * The answers to a notification call. A call whose signature verifies is told what happened; any other call
 * gets one of two answers whatever it names (REFUSED, or ACKNOWLEDGED when it is known and not run again),
 * its reason only in n8n's log. The node answers every call itself (see receive.ts for why).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/** The one answer to every call refused without a valid signature, whatever it names. */
export const REFUSED = {
	status: 401,
	body: { error: 'The notification is not accepted: it is not signed as this trigger expects' },
} as const;
/** The one answer to a call without a valid signature that is acknowledged: run, or known and not run again. */
export const ACKNOWLEDGED = { status: 200, body: { received: true } } as const;

/** The marketplace retries on its own schedule; this only tells others when to try again. */
const RETRY_AFTER_SECONDS = 60;

export interface Replies {
	/** The body is not a notification this trigger can read. */
	malformed(problem: string): IWebhookResponseData;
	/** Well-formed, and nothing to run: not selected, another storefront's, already run. */
	ignored(reason: string): IWebhookResponseData;
	/** Not accepted now; the marketplace retries. */
	refused(reason: string, status?: 401 | 503): IWebhookResponseData;
}

export function answerer(context: IWebhookFunctions) {
	const node = context.getNode().name;
	const log = (level: 'error' | 'warn' | 'debug', message: string) =>
		context.logger[level](`Seller Marketplace Trigger: ${message}`, { node });
	const answer = (status: number, body: IDataObject, logged: string): IWebhookResponseData => {
		log(
			status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug',
			`${status >= 400 ? 'refused' : 'ignored'} a notification (${status}): ${logged}`,
		);
		const response = context.getResponseObject();
		if (status === 503) response.set('Retry-After', String(RETRY_AFTER_SECONDS));
		response.status(status).json(body);
		return { noWebhookResponse: true };
	};
	/** For signed calls: the answer says what happened. */
	const tell = (status: number, message: string) =>
		answer(status, status >= 400 ? { error: message } : { received: true, ignored: message }, message);
	/** For calls without a valid signature: the same answer whatever happened. */
	const refuse = (reason: string) => answer(REFUSED.status, { ...REFUSED.body }, reason);
	const acknowledge = (reason: string) => answer(ACKNOWLEDGED.status, { ...ACKNOWLEDGED.body }, reason);

	const toSigned: Replies = {
		malformed: (problem) => tell(400, `malformed notification: ${problem}`),
		ignored: (reason) => tell(200, reason),
		refused: (reason, status = 401) => tell(status, reason),
	};
	const toUnsigned: Replies = {
		malformed: (problem) => refuse(`malformed notification: ${problem}`),
		ignored: acknowledge,
		refused: refuse,
	};
	return { log, toSigned, toUnsigned, repliesTo: (signed: boolean) => (signed ? toSigned : toUnsigned) };
}
