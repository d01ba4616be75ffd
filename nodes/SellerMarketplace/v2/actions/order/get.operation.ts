import { compact } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { ORDER_EMBEDDABLES } from '../../helpers/enums';
import { apiPath, apiRequestData } from '../../transport';
import { defineOperation } from '../define';
import { getOrderId, orderIdField } from './fields';

/** GET /orders/{id_order}: the order with its order units, addresses and buyer. */
export const get = defineOperation({
	resource: 'order',
	value: 'get',
	name: 'Get',
	action: 'Get an order',
	summary: 'Get one order with its order units, addresses and buyer',
	properties: [orderIdField, embeddedField([...ORDER_EMBEDDABLES], 'More data to include with the order: its invoices, or its pick-up location')],
	async execute(itemIndex) {
		const id = getOrderId(this, itemIndex);
		const query = compact({ embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/orders/${id}`, query, itemIndex });
	},
});
