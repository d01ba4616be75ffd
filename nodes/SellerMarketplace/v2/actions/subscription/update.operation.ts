import type { IDataObject } from 'n8n-workflow';

import { inputError } from '../../../../shared/helpers/validation';
import { subscriptionActiveField } from '../../../../shared/descriptions/subscription';
import { collectionField } from '../../descriptions/fields';
import { storefrontOptions } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import {
	callbackUrlField,
	checkCallbackUrl,
	checkFallbackEmail,
	eventField,
	fallbackEmailField,
	getSubscriptionId,
	NEW_CALLBACK_URL_DESCRIPTION,
	SUBSCRIPTION_FIELD_LABELS,
	subscriptionField,
} from './fields';

/** PATCH /subscriptions/{id_subscription}: only the fields set here change; answers 200 with the subscription. */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a subscription',
	attempt: ['update subscription {subscriptionId}', 'update a subscription'],
	summary: 'Change a subscription, or turn it off and on',
	endpoint: 'PATCH /subscriptions/{id_subscription}',
	properties: [
		subscriptionField('change'),
		collectionField('Update Fields', 'updateFields', [
			subscriptionActiveField,
			callbackUrlField(NEW_CALLBACK_URL_DESCRIPTION),
			eventField('The event to be notified about'),
			fallbackEmailField(),
			{
				displayName: 'Storefront',
				name: 'storefront',
				type: 'options',
				options: storefrontOptions,
				default: 'de',
				description: 'The storefront whose events the subscription delivers',
			},
		]),
	],
	async execute(itemIndex) {
		const id = getSubscriptionId(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.callbackUrl !== undefined) body.callback_url = checkCallbackUrl(this, fields.callbackUrl, itemIndex);
		if (fields.fallbackEmail !== undefined)
			body.fallback_email = checkFallbackEmail(this, fields.fallbackEmail, itemIndex);
		if (fields.eventName !== undefined) body.event_name = String(fields.eventName);
		if (fields.isActive !== undefined) body.is_active = fields.isActive;
		if (fields.storefront !== undefined) body.storefront = String(fields.storefront);
		if (Object.keys(body).length === 0)
			throw inputError(this, itemIndex, '"Update Fields" is empty: add at least one field to change');
		return await apiRequestData.call(this, {
			method: 'PATCH',
			path: apiPath`/subscriptions/${id}`,
			body,
			itemIndex,
			fieldLabels: SUBSCRIPTION_FIELD_LABELS,
		});
	},
});
