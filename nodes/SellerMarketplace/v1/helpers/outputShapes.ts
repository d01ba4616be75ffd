/**
 * The output fields of the records of API v1 that Get and Get Many read (see shared/helpers/outputShapes): the
 * names of node version 2, read from API v1's fields. API v1 sells on kaufland.de only: its amounts are euro cents.
 */
import { copied, outputField } from '../../../shared/helpers/simplify';
import { minimumPrice, recordOutputShapes, unitCondition } from '../../../shared/helpers/outputShapes';
import { API_TIME_ZONE } from '../../../api/v1';

const currency = { fixed: 'EUR' };

export const outputShapes = recordOutputShapes({
	timeZone: API_TIME_ZONE,
	dateSuffix: '',
	product: 'item',
	currency,
	storefronts: false,
	orderUnitsCount: 'seller_units_count',
	returnUnits: 'units',
	ticketOrderUnits: 'ids_order_unit',
	unitProduct: [
		copied('id_item', 'id_item', 'The ID of the item (product) at the marketplace', true),
		outputField.ean('ean'),
	],
	unitState: [minimumPrice(currency, true), unitCondition(true)],
	unitsUpdatedInOrderGet: true,
	unitProductInclude: 'item',
	ticketGetNeedsInclude: true,
	unitMore: [copied('delivery_time_max', 'delivery_time_max', 'The longest delivery time in days')],
});
