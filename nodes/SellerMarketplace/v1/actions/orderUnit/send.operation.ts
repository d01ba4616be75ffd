import type { IDataObject } from 'n8n-workflow';

import { carrierOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { checkCountryCode, compact, requireCommaList, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { statusReached } from '../../helpers/confirm';
import { getOrderUnitId, orderUnitIdField, SENT_OR_LATER } from './fields';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';
import { collectionField } from '../../../../shared/descriptions/fields';

/** PATCH /order-units/{id_order_unit}/send/: marks the order unit as shipped, with carrier and tracking number. */
export const send = defineOperation({
	value: 'send',
	name: 'Send',
	action: 'Mark an order unit as sent',
	attempt: ['mark order unit {orderUnitId} as sent', 'mark an order unit as sent'],
	summary: 'Report the carrier and tracking number of a shipped order unit',
	picks: PICKABLE_STATUSES.orderUnitToSend,
	endpoint: 'PATCH /order-units/{id_order_unit}/send/',
	properties: [
		orderUnitIdField,
		{
			displayName: 'Carrier',
			name: 'carrierCode',
			type: 'options',
			options: carrierOptions,
			default: 'DHL',
			required: true,
			description: 'The shipping company that carries the parcel',
		},
		{
			displayName: 'Tracking Number',
			name: 'trackingNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 00340434161094042557',
			description: 'The parcel tracking number. For several parcels, separate the numbers with commas.',
		},
		collectionField('Additional Fields', 'additionalFields', [
			{
				displayName: 'Source Country',
				name: 'sourceCountry',
				type: 'string',
				default: '',
				placeholder: 'e.g. DE',
				description: 'The country the parcel is shipped from, as a two-letter code',
			},
		]),
	],
	async execute(itemIndex) {
		const orderUnitId = getOrderUnitId(this, itemIndex);
		const carrierCode = requireString(this, 'carrierCode', itemIndex, 'Carrier');
		const trackingNumber = requireCommaList(this, 'trackingNumber', itemIndex, 'Tracking Number');
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const sourceCountry = checkCountryCode(this, additionalFields.sourceCountry, itemIndex, 'Source Country');

		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/order-units/${orderUnitId}/send/`,
			body: compact({ carrier_code: carrierCode, tracking_number: trackingNumber, source_country: sourceCountry }),
			confirmApplied: statusReached(this, apiPath`/order-units/${orderUnitId}/`, SENT_OR_LATER, itemIndex),
			itemIndex,
		});
		return successItem(response, {
			id_order_unit: orderUnitId,
			carrier_code: carrierCode,
			tracking_number: trackingNumber,
		});
	},
});
