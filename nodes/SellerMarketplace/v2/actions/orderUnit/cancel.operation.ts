import { ORDER_UNIT_CANCEL_REASONS, toOptions } from '../../../../api/v2/enums';
import { apiField, formOf, labelsOf, readParameters } from '../../descriptions/apiField';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The body of a cancellation (OrderUnitCancelRequest), each field declared once. */
const CANCEL_FIELDS = [
	apiField({
		schemas: ['OrderUnitCancelRequest'],
		api: 'reason',
		kind: 'option',
		property: {
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: toOptions(ORDER_UNIT_CANCEL_REASONS),
			default: 'NoInventory',
			description: 'Why the order unit is cancelled; the buyer is told',
		},
	}),
];

/** PATCH /order-units/{id_order_unit}/cancel. */
export const cancel = defineOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel an order unit',
	attempt: ['cancel order unit {orderUnitId}', 'cancel an order unit'],
	summary: 'Cancel an order unit that has not been sent',
	picks: PICKABLE_STATUSES.orderUnitToCancel,
	endpoint: 'PATCH /order-units/{id_order_unit}/cancel',
	properties: [orderUnitIdField, ...CANCEL_FIELDS.map((field) => formOf(field))],
	async execute(itemIndex) {
		const body = readParameters(CANCEL_FIELDS, this, itemIndex, undefined);
		return await orderUnitAction(this, itemIndex, 'cancel', body, labelsOf(CANCEL_FIELDS));
	},
});
