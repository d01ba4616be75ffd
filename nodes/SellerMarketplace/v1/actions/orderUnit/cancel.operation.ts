import { cancelReasonOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { statusReached } from '../../helpers/confirm';
import { getOrderUnitId, orderUnitIdField } from './fields';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /order-units/{id_order_unit}/cancel/: cancels an order unit that has not been sent. */
export const cancel = defineOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel an order unit',
	attempt: ['cancel order unit {orderUnitId}', 'cancel an order unit'],
	summary: 'Cancel an order unit that has not been sent',
	picks: PICKABLE_STATUSES.orderUnitToCancel,
	endpoint: 'PATCH /order-units/{id_order_unit}/cancel/',
	properties: [
		orderUnitIdField,
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: cancelReasonOptions,
			default: 'NoInventory',
			required: true,
			description: 'Why the order unit is cancelled',
		},
	],
	async execute(itemIndex) {
		const orderUnitId = getOrderUnitId(this, itemIndex);
		const reason = requireString(this, 'reason', itemIndex, 'Reason');
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/order-units/${orderUnitId}/cancel/`,
			body: { reason },
			confirmApplied: statusReached(this, apiPath`/order-units/${orderUnitId}/`, ['cancelled'], itemIndex),
			itemIndex,
		});
		return successItem(response, { id_order_unit: orderUnitId, reason });
	},
});
