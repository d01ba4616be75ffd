import { bounded, requireCommaList, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { carrierField } from '../../descriptions/carrier';
import { textField } from '../../descriptions/fields';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /order-units/{id_order_unit}/send: marks the order unit as shipped, with carrier and tracking numbers. */
export const send = defineOperation({
	value: 'send',
	name: 'Send',
	action: 'Mark an order unit as sent',
	attempt: ['mark order unit {orderUnitId} as sent', 'mark an order unit as sent'],
	summary: 'Report the carrier and tracking numbers of a shipped order unit',
	picks: PICKABLE_STATUSES.orderUnitToSend,
	endpoint: 'PATCH /order-units/{id_order_unit}/send',
	properties: [
		orderUnitIdField,
		carrierField,
		bounded(
			textField(
				'Tracking Numbers',
				'trackingNumbers',
				'The parcel tracking number; for several parcels, separate the numbers with commas',
				{
					required: true,
					placeholder: 'e.g. 00340434161094042557',
				},
			),
			{ fills: ['tracking_numbers'], maxLength: TEXT_CAPS.trackingNumbers },
		),
	],
	async execute(itemIndex) {
		const carrier = requireString(this, 'carrierCode', itemIndex, 'Carrier');
		// At least one tracking number: the order-files page lets "Other" ship without, but the API's `tracking_numbers`
		// is a required field and nothing says it may be empty.
		const body = {
			tracking_numbers: requireCommaList(this, 'trackingNumbers', itemIndex, 'Tracking Numbers'),
			carrier_code: carrier,
		};
		return await orderUnitAction(this, itemIndex, 'send', body, {
			tracking_numbers: 'Tracking Numbers',
			carrier_code: 'Carrier',
		});
	},
});
