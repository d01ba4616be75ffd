import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /order-units/{id_order_unit}/fulfil: the unit moves to "need to be sent". */
export const fulfil = defineOperation({
	value: 'fulfil',
	name: 'Fulfil',
	action: 'Confirm fulfilment of an order unit',
	attempt: ['confirm fulfilment of order unit {orderUnitId}', 'confirm fulfilment of an order unit'],
	summary: 'Confirm that you will fulfil an order unit (only for sellers obliged to confirm)',
	picks: PICKABLE_STATUSES.orderUnitToFulfil,
	endpoint: 'PATCH /order-units/{id_order_unit}/fulfil',
	properties: [orderUnitIdField],
	async execute(itemIndex) {
		return await orderUnitAction(this, itemIndex, 'fulfil');
	},
});
