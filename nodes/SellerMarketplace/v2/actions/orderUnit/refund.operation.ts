import { centsField } from '../../descriptions/fields';
import { ORDER_UNIT_REFUND_REASONS, toOptions } from '../../../../api/v2/enums';
import { apiField, formOf, labelsOf, readParameters } from '../../descriptions/apiField';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The body of a refund (OrderUnitRefundRequest), each field declared once. */
const REFUND_FIELDS = [
	apiField({
		schemas: ['OrderUnitRefundRequest'],
		api: 'amount',
		kind: 'cents',
		property: centsField('Amount', 'amount', 'How much to pay back'),
		// The OpenAPI states no minimum: a refund of 0 pays nothing back.
		adds: { minimum: 1 },
	}),
	apiField({
		schemas: ['OrderUnitRefundRequest'],
		api: 'reason',
		kind: 'option',
		property: {
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: toOptions(ORDER_UNIT_REFUND_REASONS),
			default: 'other_refund',
			description: 'Why you pay back',
		},
	}),
];

/** PATCH /order-units/{id_order_unit}/refund: never sent twice, so a lost answer cannot refund twice. */
export const refund = defineOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund an order unit',
	attempt: ['refund order unit {orderUnitId}', 'refund an order unit'],
	summary: 'Pay back part of or the whole price of an order unit',
	picks: PICKABLE_STATUSES.orderUnitToRefund,
	endpoint: 'PATCH /order-units/{id_order_unit}/refund',
	properties: [orderUnitIdField, ...REFUND_FIELDS.map((field) => formOf(field))],
	async execute(itemIndex) {
		const body = readParameters(REFUND_FIELDS, this, itemIndex, undefined);
		return await orderUnitAction(this, itemIndex, 'refund', body, labelsOf(REFUND_FIELDS));
	},
});
