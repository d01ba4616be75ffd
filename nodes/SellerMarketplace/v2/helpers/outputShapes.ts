/** The output fields of the records of API v2 that Get and Get Many read (see shared/helpers/outputShapes). */
import { copied, outputField } from '../../../shared/helpers/simplify';
import { available, minimumPrice, recordOutputShapes, unitCondition } from '../../../shared/helpers/outputShapes';

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
	unitProduct: [
		copied('id_product', 'id_product', 'The ID of the product at the marketplace', true),
		available(outputField.ean('product.eans'), { get: { include: 'products' }, getMany: { include: 'products' } }),
	],
	unitState: [outputField.status('unit'), copied('is_live', 'is_live', 'Whether buyers can see and buy it now', true)],
	unitsUpdatedInOrderGet: false,
	unitProductInclude: 'products',
	ticketGetNeedsInclude: false,
	unitMore: [minimumPrice(currency, false), unitCondition(false), copied('handling_time', 'handling_time', 'Working days until it leaves your warehouse')],
});
