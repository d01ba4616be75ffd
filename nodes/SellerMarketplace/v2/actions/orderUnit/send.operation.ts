import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError, requireString } from '../../../../shared/helpers/validation';
import { defineOperation } from '../define';
import { orderUnitAction, orderUnitIdField } from './fields';

/** The carriers that may ship without a tracking number (spec §E.2: freight and "other"). */
const WITHOUT_TRACKING = new Set(['Other', 'Other Hauler']);

/** The tracking numbers as the API takes them: one text, comma-separated, trimmed, without empty entries. */
function trackingNumbers(context: IExecuteFunctions, itemIndex: number, carrier: string): string {
	const raw = context.getNodeParameter('trackingNumbers', itemIndex, '') as unknown;
	const parts = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const numbers = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!numbers.length && !WITHOUT_TRACKING.has(carrier)) {
		throw inputError(context, itemIndex, `"Tracking Numbers" is required for the carrier "${carrier}" (only "Other" and "Other Hauler" may ship without)`);
	}
	return numbers.join(',');
}

/** PATCH /order-units/{id_order_unit}/send: marks the order unit as shipped, with carrier and tracking numbers. */
export const send = defineOperation({
	resource: 'orderUnit',
	value: 'send',
	name: 'Send',
	action: 'Mark an order unit as sent',
	summary: 'Report the carrier and tracking numbers of a shipped order unit',
	properties: [
		orderUnitIdField,
		{
			displayName: 'Carrier Name or ID',
			name: 'carrierCode',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCarriers' },
			default: '',
			required: true,
			description:
				'The shipping company that carries the parcel, from the marketplace\'s list of carriers. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Tracking Numbers',
			name: 'trackingNumbers',
			type: 'string',
			default: '',
			placeholder: 'e.g. 00340434161094042557',
			description: 'The parcel tracking number; for several parcels, separate the numbers with commas. Only "Other" and "Other Hauler" may leave it empty.',
		},
	],
	async execute(itemIndex) {
		const carrier = requireString(this, 'carrierCode', itemIndex, 'Carrier');
		const body = { tracking_numbers: trackingNumbers(this, itemIndex, carrier), carrier_code: carrier };
		return await orderUnitAction(this, itemIndex, 'send', body, {
			fieldLabels: { tracking_numbers: 'Tracking Numbers', carrier_code: 'Carrier' },
		});
	},
});
