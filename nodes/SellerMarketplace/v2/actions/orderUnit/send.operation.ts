import { inputError, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { carrierField } from '../../descriptions/carrier';
import { textField } from '../../descriptions/fields';
import { apiField, formOf, labelsOf, readParameters } from '../../descriptions/apiField';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The body of a shipment report (OrderUnitSendRequest), each field declared once. */
const SEND_FIELDS = [
	apiField({
		schemas: ['OrderUnitSendRequest'],
		api: 'tracking_numbers',
		kind: 'text',
		property: textField(
			'Tracking Numbers',
			'trackingNumbers',
			'The parcel tracking number; for several parcels, separate the numbers with commas',
			{ placeholder: 'e.g. 00340434161094042557' },
		),
		// The OpenAPI leaves it unbounded; several tracking numbers fit far below this.
		adds: { maxLength: TEXT_CAPS.trackingNumbers },
		// One text, comma-separated, without empty entries (a list from an expression arrives joined by commas). At
		// least one: the order-files page lets "Other" ship without, but `tracking_numbers` is required and nothing
		// says it may be empty.
		check: (context, text, itemIndex, label) => {
			const entries = text
				.split(',')
				.map((entry) => entry.trim())
				.filter((entry) => entry !== '');
			if (!entries.length) throw inputError(context, itemIndex, `"${label}" is required and cannot be empty`);
			return entries.join(',');
		},
	}),
	apiField({ schemas: ['OrderUnitSendRequest'], api: 'carrier_code', kind: 'option', property: carrierField }),
];

/** PATCH /order-units/{id_order_unit}/send: marks the order unit as shipped, with carrier and tracking numbers. */
export const send = defineOperation({
	value: 'send',
	name: 'Send',
	action: 'Mark an order unit as sent',
	attempt: ['mark order unit {orderUnitId} as sent', 'mark an order unit as sent'],
	summary: 'Report the carrier and tracking numbers of a shipped order unit',
	picks: PICKABLE_STATUSES.orderUnitToSend,
	endpoint: 'PATCH /order-units/{id_order_unit}/send',
	properties: [orderUnitIdField, formOf(SEND_FIELDS[1]), formOf(SEND_FIELDS[0])],
	async execute(itemIndex) {
		const body = readParameters(SEND_FIELDS, this, itemIndex, undefined);
		return await orderUnitAction(this, itemIndex, 'send', body, labelsOf(SEND_FIELDS));
	},
});
