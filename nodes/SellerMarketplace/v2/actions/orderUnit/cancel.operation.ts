import { requireString } from '../../../../shared/helpers/validation';
import { ORDER_UNIT_CANCEL_REASONS, toOptions } from '../../../../api/v2/enums';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /order-units/{id_order_unit}/cancel. */
export const cancel = defineOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel an order unit',
	attempt: ['cancel order unit {orderUnitId}', 'cancel an order unit'],
	summary: 'Cancel an order unit that has not been sent',
	picks: PICKABLE_STATUSES.orderUnitToCancel,
	endpoint: 'PATCH /order-units/{id_order_unit}/cancel',
	properties: [
		orderUnitIdField,
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: toOptions(ORDER_UNIT_CANCEL_REASONS),
			default: 'NoInventory',
			required: true,
			description: 'Why the order unit is cancelled; the buyer is told',
		},
	],
	async execute(itemIndex) {
		const body = { reason: requireString(this, 'reason', itemIndex, 'Reason') };
		return await orderUnitAction(this, itemIndex, 'cancel', body, { reason: 'Reason' });
	},
});
