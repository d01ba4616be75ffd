/** The output fields of the records of API v2 that Get and Get Many read (see shared/helpers/outputShapes). */
import { copied, outputField } from '../../../shared/helpers/simplify';
import { minimumPrice, recordOutputShapes, unitCondition } from '../../../shared/helpers/outputShapes';

const currency = { path: 'currency' };

export const outputShapes = recordOutputShapes({
	timeZone: 'UTC',
	dateSuffix: '_iso',
	product: 'product',
	currency,
	storefronts: true,
	orderUnitsCount: 'order_units_count',
	returnUnits: 'return_units',
	ticketOrderUnits: 'ids_order_units',
	unitProduct: [copied('id_product', 'id_product', 'The ID of the product at the marketplace', true), outputField.ean('product.eans')],
	unitState: [outputField.status('unit'), copied('is_live', 'is_live', 'Whether buyers can see and buy it now', true)],
	unitMore: [minimumPrice(currency, false), unitCondition(false), copied('handling_time', 'handling_time', 'Working days until it leaves your warehouse')],
});
