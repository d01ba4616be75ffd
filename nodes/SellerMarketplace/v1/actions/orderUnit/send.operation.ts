import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { carrierOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { checkCountryCode, compact, inputError, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { statusReached } from '../../helpers/confirm';
import { getOrderUnitId, orderUnitIdField, SENT_OR_LATER } from './fields';

const properties: INodeProperties[] = [
	orderUnitIdField,
	{
		displayName: 'Carrier',
		name: 'carrierCode',
		type: 'options',
		options: [...carrierOptions].sort((a, b) => a.name.localeCompare(b.name)),
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
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Source Country',
				name: 'sourceCountry',
				type: 'string',
				default: '',
				placeholder: 'e.g. DE',
				description: 'The country the parcel is shipped from, as a two-letter code',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['orderUnit'], operation: ['send'] } }, properties);

/** The tracking numbers as the API takes them: comma-separated, trimmed, without empty entries. */
function trackingNumbers(context: IExecuteFunctions, itemIndex: number): string {
	const raw = context.getNodeParameter('trackingNumber', itemIndex, '') as unknown;
	const parts = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const numbers = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!numbers.length) {
		throw inputError(context, itemIndex, '"Tracking Number" is required and cannot be empty');
	}
	return numbers.join(',');
}

/** PATCH /order-units/{id_order_unit}/send/: marks the order unit as shipped, with carrier and tracking number. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const orderUnitId = getOrderUnitId(this, itemIndex);
	const carrierCode = requireString(this, 'carrierCode', itemIndex, 'Carrier');
	const trackingNumber = trackingNumbers(this, itemIndex);
	const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const sourceCountry = checkCountryCode(this, additionalFields.sourceCountry, itemIndex, 'Source Country');

	const response = await apiRequest.call(this, {
		method: 'PATCH',
		path: apiPath`/order-units/${orderUnitId}/send/`,
		body: compact({ carrier_code: carrierCode, tracking_number: trackingNumber, source_country: sourceCountry }),
		confirmApplied: statusReached(this, apiPath`/order-units/${orderUnitId}/`, SENT_OR_LATER, itemIndex),
		itemIndex,
	});
	return this.helpers.returnJsonArray(
		successItem(response, { id_order_unit: orderUnitId, carrier_code: carrierCode, tracking_number: trackingNumber }),
	);
}
