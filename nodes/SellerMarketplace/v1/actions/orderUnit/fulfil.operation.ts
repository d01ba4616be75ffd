import { successItem } from '../../helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { getOrderUnitId, orderUnitIdField } from './fields';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /order-units/{id_order_unit}/fulfil/: confirms fulfilment (only for sellers obliged to confirm it). */
export const fulfil = defineOperation({
	value: 'fulfil',
	name: 'Fulfil',
	action: 'Confirm fulfilment of an order unit',
	attempt: ['confirm fulfilment of order unit {orderUnitId}', 'confirm fulfilment of an order unit'],
	summary: 'Confirm that an order unit is fulfilled (only for sellers obliged to confirm fulfilment)',
	picks: PICKABLE_STATUSES.orderUnitToFulfil,
	endpoint: 'PATCH /order-units/{id_order_unit}/fulfil/',
	properties: [orderUnitIdField],
	async execute(itemIndex) {
		const orderUnitId = getOrderUnitId(this, itemIndex);
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/order-units/${orderUnitId}/fulfil/`,
			itemIndex,
		});
		return successItem(response, { id_order_unit: orderUnitId });
	},
});
