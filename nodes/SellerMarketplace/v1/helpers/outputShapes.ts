/**
 * The Simplified (and selectable) output fields of the records of API v1 that Get and Get Many read: the same
 * names as in node version 2, read from API v1's fields (`ts_created`, `item`, `units`...). API v1 sells on
 * kaufland.de only, so its amounts are euro cents. Why these fields: README, "Simplify and the Output of a tool".
 */
import { copied, defineOutputShape, outputField as field } from '../../../shared/helpers/simplify';
import { API_TIME_ZONE } from '../transport';

const ADDRESS = ['shipping_address', 'billing_address'];
const UNIT_ADDRESS = ['order_units.0.shipping_address', 'order_units.0.billing_address'];
const EUR = { fixed: 'EUR' };

export const orderOutput = defineOutputShape({
	record: 'order',
	fields: [
		copied('id_order', 'id_order', 'The ID of the order', true),
		field.createdAt('ts_created', API_TIME_ZONE),
		{ ...field.updatedAt('ts_units_updated', API_TIME_ZONE), name: 'units_updated_at', description: 'When one of its order units last changed (ISO 8601, UTC)' },
		{ name: 'order_units_count', description: 'How many of your units were bought in it', simplified: true, read: (order) => order.seller_units_count ?? (Array.isArray(order.order_units) ? order.order_units.length : undefined) },
		field.distinct('statuses', 'order_units', 'status', 'The statuses of its order units; Get only'),
		field.each('product_titles', 'order_units', 'item.title', 'The product title of each order unit; Get only'),
		field.total('order_units', 'price', EUR),
		field.buyerName([...ADDRESS, ...UNIT_ADDRESS]),
		field.shipToCountry([...ADDRESS, ...UNIT_ADDRESS]),
		field.each('ids_order_units', 'order_units', 'id_order_unit', 'The IDs of its order units; Get only', false),
		copied('buyer_email', 'order_units.0.buyer.email', "The buyer's e-mail address at the marketplace (an alias); Get only"),
	],
});

export const orderUnitOutput = defineOutputShape({
	record: 'order unit',
	fields: [
		copied('id_order_unit', 'id_order_unit', 'The ID of the order unit', true),
		copied('id_order', 'id_order', 'The ID of its order', true),
		field.status('order unit'),
		field.createdAt('ts_created', API_TIME_ZONE),
		field.productTitle('item.title'),
		field.ean('item.eans'),
		copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
		field.money('price', 'price', EUR, 'The price the buyer paid'),
		field.buyerName(ADDRESS),
		field.shipToCountry(ADDRESS),
		field.updatedAt('ts_updated', API_TIME_ZONE, false),
		field.money('revenue_net', 'revenue_net', EUR, 'Your net revenue', false),
		{ ...field.updatedAt('delivery_time_expires', API_TIME_ZONE, false), name: 'ship_by', description: 'The latest delivery date promised to the buyer (ISO 8601, UTC)' },
		copied('buyer_email', 'buyer.email', "The buyer's e-mail address at the marketplace (an alias)"),
		copied('ship_to_city', 'shipping_address.city', 'The city of the shipping address'),
		copied('cancel_reason', 'cancel_reason', 'Why it was cancelled, if it was'),
	],
});

export const returnOutput = defineOutputShape({
	record: 'return',
	fields: [
		copied('id_return', 'id_return', 'The ID of the return', true),
		field.status('return'),
		field.createdAt('ts_created', API_TIME_ZONE),
		field.updatedAt('ts_updated', API_TIME_ZONE),
		copied('tracking_provider', 'tracking_provider', 'The carrier of the return parcel', true),
		copied('tracking_code', 'tracking_code', 'The tracking code of the return parcel', true),
		field.each('ids_order_units', 'units', 'id_order_unit', 'The IDs of the order units sent back; Get only'),
		field.distinct('reasons', 'units', 'reason', 'Why the buyer sends them back; Get only'),
		field.each('ids_return_units', 'units', 'id_return_unit', 'The IDs of its return units; Get only', false),
		copied('buyer_email', 'buyer.email', "The buyer's e-mail address at the marketplace (an alias); Get only"),
	],
});

export const ticketOutput = defineOutputShape({
	record: 'ticket',
	fields: [
		copied('id_ticket', 'id_ticket', 'The ID of the ticket', true),
		field.status('ticket'),
		copied('open_reason', 'open_reason', 'Why the buyer opened it', true),
		copied('topic', 'topic', 'Its topic', true),
		copied('is_seller_responsible', 'is_seller_responsible', 'Whether the buyer waits for your answer', true),
		field.createdAt('ts_created', API_TIME_ZONE),
		field.updatedAt('ts_updated', API_TIME_ZONE),
		copied('ids_order_units', 'ids_order_unit', 'The IDs of the order units it is about', true),
		field.productTitle('item.title'),
		field.lastMessage('messages'),
		copied('id_buyer', 'id_buyer', 'The ID of the buyer'),
	],
});

export const unitOutput = defineOutputShape({
	record: 'unit',
	fields: [
		copied('id_unit', 'id_unit', 'The ID of the unit (offer)', true),
		copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
		copied('id_item', 'id_item', 'The ID of the item (product) at the marketplace', true),
		copied('ean', 'ean', 'The EAN (GTIN) of the product', true),
		field.productTitle('item.title'),
		copied('stock', 'amount', 'How many pieces are in stock', true),
		field.money('price', 'price', EUR, 'The price'),
		field.money('minimum_price', 'minimum_price', EUR, 'The minimum price'),
		copied('condition', 'condition', 'The condition (new, used...)', true),
		field.updatedAt('date_lastchange', API_TIME_ZONE),
		field.money('listing_price', 'listing_price', EUR, 'The listing price', false),
		copied('delivery_time_max', 'delivery_time_max', 'The longest delivery time in days'),
	],
});
