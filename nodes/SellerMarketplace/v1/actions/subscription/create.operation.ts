import { eventNameOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import {
	CALLBACK_URL_DESCRIPTION,
	checkCallbackUrl,
	checkFallbackEmail,
	explainRefusal,
	FALLBACK_EMAIL_DESCRIPTION,
} from './shared';
import { defineOperation } from '../../../actions/define';

/** POST /subscriptions/: the marketplace verifies the callback first and creates nothing if it does not answer. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a subscription',
	attempt: 'create a subscription',
	summary: 'Subscribe a callback URL to an event',
	endpoint: 'POST /subscriptions/',
	properties: [
		{
			displayName: 'Event',
			name: 'eventName',
			type: 'options',
			options: eventNameOptions,
			default: 'order_new',
			required: true,
			description: 'The event to be notified about',
		},
		{
			displayName: 'Callback URL',
			name: 'callbackUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://example.com/webhook/marketplace',
			description: CALLBACK_URL_DESCRIPTION,
		},
		{
			displayName: 'Fallback Email',
			name: 'fallbackEmail',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			required: true,
			description: FALLBACK_EMAIL_DESCRIPTION,
		},
	],
	async execute(itemIndex) {
		const body = {
			event_name: requireString(this, 'eventName', itemIndex, 'Event'),
			callback_url: checkCallbackUrl(this, requireString(this, 'callbackUrl', itemIndex, 'Callback URL'), itemIndex),
			fallback_email: checkFallbackEmail(
				this,
				requireString(this, 'fallbackEmail', itemIndex, 'Fallback Email'),
				itemIndex,
			),
		};
		const response = await apiRequest
			.call(this, { method: 'POST', path: '/subscriptions/', body, itemIndex })
			.catch((error: unknown) => {
				throw explainRefusal(error, 'the subscription');
			});
		const id = response.createdId;
		return successItem(response, {
			id_subscription: id !== undefined && /^\d+$/.test(id) ? Number(id) : id,
			...body,
			is_active: true,
		});
	},
});
