/** Fields and checks shared by the subscription operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EVENT_TERMS } from '../../../../shared/descriptions/vocabulary';
import {
	bounded,
	checkEmail,
	checkHttpUrl,
	inputError,
	lineOfText,
	requireIntegerId,
} from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { SUBSCRIPTION_EVENT_NAMES, toOptions } from '../../../../api/v2/enums';

export { subscriptionField } from '../../../../shared/descriptions/subscription';

export const eventNameOptions = toOptions(SUBSCRIPTION_EVENT_NAMES, EVENT_TERMS);

/** The Event dropdown: what to be notified about (or, in Get Many, to filter by). */
export function eventField(description: string, required = false): INodeProperties {
	return {
		displayName: 'Event',
		name: 'eventName',
		type: 'options',
		options: eventNameOptions,
		default: 'order_new',
		required,
		description,
	};
}

export function callbackUrlField(description: string, required = false): INodeProperties {
	return bounded(
		textField('Callback URL', 'callbackUrl', description, {
			required,
			placeholder: 'https://example.com/webhook/marketplace',
		}),
		{ fills: ['callback_url'], maxLength: 255 },
	);
}

export function fallbackEmailField(required = false): INodeProperties {
	return bounded(
		textField('Fallback Email', 'fallbackEmail', FALLBACK_EMAIL_DESCRIPTION, {
			required,
			placeholder: 'name@email.com',
		}),
		lineOfText('fallback_email'),
	);
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
		throw inputError(
			context,
			itemIndex,
			`"Callback URL" must be at most ${CALLBACK_URL_MAX_LENGTH} characters, but it has ${url.length}`,
		);
	}
	return url;
}

export function checkFallbackEmail(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return checkEmail(context, String(value ?? '').trim(), itemIndex, 'Fallback Email');
}
