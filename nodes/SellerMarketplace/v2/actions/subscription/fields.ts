/** Fields and checks shared by the subscription operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkEmail, checkHttpUrl, inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { SUBSCRIPTION_EVENT_NAMES, toOptions } from '../../helpers/enums';

export const eventNameOptions = toOptions(SUBSCRIPTION_EVENT_NAMES);

/** The subscription to act on: picked from the account's subscriptions, or an ID from an expression. */
export function subscriptionField(action: string): INodeProperties {
	return {
		displayName: 'Subscription Name or ID',
		name: 'subscriptionId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getSubscriptions' },
		default: '',
		required: true,
		description: `The subscription to ${action}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

export function getSubscriptionId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'subscriptionId', itemIndex, 'Subscription');
}

export const SUBSCRIPTION_FIELD_LABELS: Record<string, string> = {
	callback_url: 'Callback URL',
	fallback_email: 'Fallback Email',
	event_name: 'Event',
	is_active: 'Active',
	storefront: 'Storefront',
};

export const CALLBACK_URL_DESCRIPTION =
	'Where the marketplace sends notifications (at most 255 characters). It must answer GET ?mode=subscribe&challenge=… with the challenge alone within 15 seconds, or the marketplace refuses the subscription.';

export const NEW_CALLBACK_URL_DESCRIPTION =
	'A new callback URL, verified at once: it must answer GET ?mode=subscribe&challenge=… with the challenge alone within 15 seconds (at most 255 characters).';

export const FALLBACK_EMAIL_DESCRIPTION =
	'The marketplace writes to this address when notifications fail for about 12 hours and it turns the subscription off';

const CALLBACK_URL_MAX_LENGTH = 255;

export function checkCallbackUrl(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const url = checkHttpUrl(context, String(value ?? '').trim(), itemIndex, 'Callback URL');
	if (url.length > CALLBACK_URL_MAX_LENGTH) {
		throw inputError(context, itemIndex, `"Callback URL" must be at most ${CALLBACK_URL_MAX_LENGTH} characters, but it has ${url.length}`);
	}
	return url;
}

export function checkFallbackEmail(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return checkEmail(context, String(value ?? '').trim(), itemIndex, 'Fallback Email');
}
