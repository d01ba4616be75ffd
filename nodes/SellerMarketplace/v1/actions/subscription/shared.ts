/** Fields and checks shared by the subscription operations. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { checkEmail, checkHttpUrl, requireIntegerId } from '../../../../shared/helpers/validation';

export { subscriptionField } from '../../../../shared/descriptions/subscription';

export function requireSubscriptionId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'subscriptionId', itemIndex, 'Subscription');
}

export const CALLBACK_URL_DESCRIPTION =
	'Where the marketplace sends notifications. It must answer a GET request with ?mode=subscribe&challenge=… with the challenge value alone, or the marketplace refuses the subscription.';

export const FALLBACK_EMAIL_DESCRIPTION =
	'The marketplace writes to this address when the callback URL fails for more than 12 hours and the subscription is disabled';

export function checkCallbackUrl(context: IExecuteFunctions, value: string, itemIndex: number): string {
	return checkHttpUrl(context, value.trim(), itemIndex, 'Callback URL');
}

export function checkFallbackEmail(context: IExecuteFunctions, value: string, itemIndex: number): string {
	return checkEmail(context, value.trim(), itemIndex, 'Fallback Email');
}

const VERIFICATION_HINT =
	'Before it saves a subscription, the marketplace checks the callback URL: it sends GET <callback URL>?mode=subscribe&challenge=<random text>, and the callback must answer with status 200 and the challenge text alone, within 15 seconds.';

/**
 * A refused create or change (a 4xx other than 401, 403, 404 and 429) is most often a callback that failed
 * its verification: the error then leads with what the API said and explains the check.
 */
export function explainRefusal(error: unknown, what: string): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const status = Number(error.httpCode);
	if (!(status >= 400 && status < 500) || [401, 403, 404, 429].includes(status)) return error;
	const apiMessage = error.messages.find((message) => message && message !== error.message);
	error.message = apiMessage
		? `The marketplace refused ${what}: ${apiMessage}`
		: `The marketplace refused ${what} (${status})`;
	error.description = [error.description, VERIFICATION_HINT].filter(Boolean).join('\n');
	return error;
}
