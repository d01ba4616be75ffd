import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { ORDER_EMBEDDABLES } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getOrderId, orderIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';

/**
 * GET /orders/{id_order}: the order with its order units, addresses and buyer. The download address of each
 * embedded invoice carries an access token, so it is left out unless Options → Include Download Links is on.
 */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order',
	attempt: ['get order {orderId}', 'get an order'],
	summary: 'Get one order with its order units, addresses and buyer',
	endpoint: 'GET /orders/{id_order}',
	output: outputShapes.order,
	properties: [
		orderIdField,
		embeddedField([...ORDER_EMBEDDABLES], 'More data to include with the order: its invoices, or its pick-up location'),
		downloadLinksOptions,
	],
	async execute(itemIndex) {
		const id = getOrderId(this, itemIndex);
		const query = compact({ embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		const order = await apiRequestData.call(this, { method: 'GET', path: apiPath`/orders/${id}`, query, itemIndex });
		return applyDownloadLinksOption(this, itemIndex, order);
	},
});
