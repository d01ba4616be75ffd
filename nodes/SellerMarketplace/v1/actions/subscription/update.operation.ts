import type { IDataObject } from 'n8n-workflow';

import { subscriptionActiveField } from '../../../../shared/descriptions/subscription';
import { eventNameOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { inputError } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest, apiRequestRecord } from '../../../../api/v1';
import {
	CALLBACK_URL_DESCRIPTION,
	checkCallbackUrl,
	checkFallbackEmail,
	explainRefusal,
	FALLBACK_EMAIL_DESCRIPTION,
	requireSubscriptionId,
	subscriptionField,
} from './shared';
import { defineOperation } from '../../../actions/define';

/**
 * PATCH /subscriptions/{id_subscription}/. The API expects the whole subscription in the body, so the current
 * one is read first and only the fields set here are changed. Every change re-verifies the callback URL.
 */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a subscription',
	attempt: ['update subscription {subscriptionId}', 'update a subscription'],
	summary: 'Change a subscription, or turn it off and on',
	endpoint: 'PATCH /subscriptions/{id_subscription}/',
	properties: [
		subscriptionField('change'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				subscriptionActiveField,
				{
					displayName: 'Callback URL',
					name: 'callbackUrl',
					type: 'string',
					default: '',
					placeholder: 'https://example.com/webhook/marketplace',
					description: CALLBACK_URL_DESCRIPTION,
				},
				{
					displayName: 'Event',
					name: 'eventName',
					type: 'options',
					options: eventNameOptions,
					default: 'order_new',
					description: 'The event to be notified about',
				},
				{
					displayName: 'Fallback Email',
					name: 'fallbackEmail',
					type: 'string',
					placeholder: 'name@email.com',
					default: '',
					description: FALLBACK_EMAIL_DESCRIPTION,
				},
			],
		},
	],
	async execute(itemIndex) {
		const id = requireSubscriptionId(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const changes: IDataObject = {};
		if (fields.callbackUrl !== undefined)
			changes.callback_url = checkCallbackUrl(this, String(fields.callbackUrl), itemIndex);
		if (fields.fallbackEmail !== undefined)
			changes.fallback_email = checkFallbackEmail(this, String(fields.fallbackEmail), itemIndex);
		if (fields.eventName !== undefined) changes.event_name = String(fields.eventName);
		if (fields.isActive !== undefined) changes.is_active = fields.isActive === true || fields.isActive === 'true';
		if (Object.keys(changes).length === 0) {
			throw inputError(this, itemIndex, '"Update Fields" is empty: add at least one field to change');
		}

		const path = apiPath`/subscriptions/${id}/`;
		const current = await apiRequestRecord.call(this, { method: 'GET', path, itemIndex });
		const body: IDataObject = {
			callback_url: current.callback_url,
			fallback_email: current.fallback_email,
			event_name: current.event_name,
			is_active: current.is_active,
			...changes,
		};
		const response = await apiRequest.call(this, { method: 'PATCH', path, body, itemIndex }).catch((error: unknown) => {
			throw explainRefusal(error, 'the change');
		});
		return successItem(response, { id_subscription: id, ...body });
	},
});
