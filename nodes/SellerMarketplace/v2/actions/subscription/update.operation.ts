import type { IDataObject } from 'n8n-workflow';

import { inputError } from '../../../../shared/helpers/validation';
import { storefrontOptions } from '../../helpers/enums';
import { apiPath, apiRequestData } from '../../transport';
import { defineOperation } from '../define';
import {
	checkCallbackUrl,
	checkFallbackEmail,
	eventNameOptions,
	FALLBACK_EMAIL_DESCRIPTION,
	getSubscriptionId,
	NEW_CALLBACK_URL_DESCRIPTION,
	SUBSCRIPTION_FIELD_LABELS,
	subscriptionField,
} from './fields';

/** PATCH /subscriptions/{id_subscription}: only the fields set here change; answers 200 with the subscription. */
export const update = defineOperation({
	resource: 'subscription',
	value: 'update',
	name: 'Update',
	action: 'Update a subscription',
	summary: 'Change a subscription, or turn it off and on',
	properties: [
		subscriptionField('change'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Active',
					name: 'isActive',
					type: 'boolean',
					default: true,
					description:
						'Whether the subscription delivers notifications. Turning it on again verifies the callback URL; events that happened while it was off are not sent.',
				},
				{
					displayName: 'Callback URL',
					name: 'callbackUrl',
					type: 'string',
					default: '',
					placeholder: 'https://example.com/webhook/marketplace',
					description: NEW_CALLBACK_URL_DESCRIPTION,
				},
				{ displayName: 'Event', name: 'eventName', type: 'options', options: eventNameOptions, default: 'order_new', description: 'The event to be notified about' },
				{ displayName: 'Fallback Email', name: 'fallbackEmail', type: 'string', placeholder: 'name@email.com', default: '', description: FALLBACK_EMAIL_DESCRIPTION },
				{ displayName: 'Storefront', name: 'storefront', type: 'options', options: storefrontOptions, default: 'de', description: 'The storefront whose events the subscription delivers' },
			],
		},
	],
	async execute(itemIndex) {
		const id = getSubscriptionId(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.callbackUrl !== undefined) body.callback_url = checkCallbackUrl(this, fields.callbackUrl, itemIndex);
		if (fields.fallbackEmail !== undefined) body.fallback_email = checkFallbackEmail(this, fields.fallbackEmail, itemIndex);
		if (fields.eventName !== undefined) body.event_name = String(fields.eventName);
		if (fields.isActive !== undefined) body.is_active = fields.isActive;
		if (fields.storefront !== undefined) body.storefront = String(fields.storefront);
		if (Object.keys(body).length === 0) throw inputError(this, itemIndex, '"Update Fields" is empty: add at least one field to change');
		return await apiRequestData.call(this, {
			method: 'PATCH',
			path: apiPath`/subscriptions/${id}`,
			body,
			itemIndex,
			fieldLabels: SUBSCRIPTION_FIELD_LABELS,
		});
	},
});
