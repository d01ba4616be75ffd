import { compact } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { ORDER_UNIT_EMBEDDABLES } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getOrderUnitId, orderUnitIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';

/** GET /order-units/{id_order_unit}. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order unit',
	attempt: ['get order unit {orderUnitId}', 'get an order unit'],
	summary: 'Get one order unit with buyer, addresses and product',
	endpoint: 'GET /order-units/{id_order_unit}',
	output: outputShapes.orderUnit,
	properties: [
		orderUnitIdField,
		embeddedField(
			[...ORDER_UNIT_EMBEDDABLES],
			'More data to include: its return, tickets, shipping group, pick-up location or delivery attempt',
		),
	],
	async execute(itemIndex) {
		const id = getOrderUnitId(this, itemIndex);
		const query = compact({ embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/order-units/${id}`, query, itemIndex });
	},
});
