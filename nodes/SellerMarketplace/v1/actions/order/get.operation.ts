import { embeddedField, orderIdField } from '../../descriptions/common';
import { requireId } from '../../../../shared/helpers/validation';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /orders/{id_order} (no trailing slash, as the spec writes it): one order with its units and the related data asked for. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order',
	attempt: ['get order {orderId}', 'get an order'],
	summary: 'Get one order with its order units',
	endpoint: 'GET /orders/{id_order}',
	output: outputShapes.order,
	properties: [
		orderIdField('The order to read. Order IDs are text, such as MHRYPC1.'),
		embeddedField(
			['billing_address', 'buyer', 'order_invoices', 'seller_units', 'shipping_address'],
			'Related data to include in the order: addresses, buyer, your order units, uploaded invoices',
		),
		downloadLinksOptions,
	],
	async execute(itemIndex) {
		const orderId = requireId(this, 'orderId', itemIndex, 'Order');
		const record = await getWithEmbedded(this, apiPath`/orders/${orderId}`, itemIndex);
		return applyDownloadLinksOption(this, itemIndex, record);
	},
});
