import { requireString } from '../../../../shared/helpers/validation';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import {
	callbackUrlField,
	CALLBACK_URL_DESCRIPTION,
	checkCallbackUrl,
	checkFallbackEmail,
	eventField,
	fallbackEmailField,
	SUBSCRIPTION_FIELD_LABELS,
} from './fields';

/** POST /subscriptions?storefront=: the marketplace verifies the callback first; answers 201 with the subscription. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a subscription',
	attempt: 'create a subscription',
	summary: 'Subscribe a callback URL to an event of one storefront',
	endpoint: 'POST /subscriptions',
	properties: [
		storefrontField,
		eventField('The event to be notified about', true),
		callbackUrlField(CALLBACK_URL_DESCRIPTION, true),
		fallbackEmailField(true),
	],
	async execute(itemIndex) {
		const body = {
			callback_url: checkCallbackUrl(this, requireString(this, 'callbackUrl', itemIndex, 'Callback URL'), itemIndex),
			fallback_email: checkFallbackEmail(
				this,
				requireString(this, 'fallbackEmail', itemIndex, 'Fallback Email'),
				itemIndex,
			),
			event_name: requireString(this, 'eventName', itemIndex, 'Event'),
		};
		const storefront = await requiredStorefront(this, itemIndex);
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/subscriptions',
			query: { storefront },
			body,
			itemIndex,
			fieldLabels: SUBSCRIPTION_FIELD_LABELS,
			uncertainWrite: {
				subject: 'the subscription',
				check: 'Subscription → Get Many lists the subscription if it was created',
			},
		});
	},
});
