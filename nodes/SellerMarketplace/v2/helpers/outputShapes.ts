/**
 * The Simplified (and selectable) output fields of the records of API v2 that Get and Get Many read. Why these
 * fields: README, "Simplify and the Output of a tool".
 */
import { copied, defineOutputShape, outputField as field, type OutputField } from '../../../shared/helpers/simplify';

const UTC = 'UTC';
const ADDRESS = ['shipping_address', 'billing_address'];
const fromCurrency = { path: 'currency' };

const storefront = (simplified = false): OutputField => copied('storefront', 'storefront', 'The storefront (country) it belongs to', simplified);
const buyerEmail = (path: string): OutputField => copied('buyer_email', path, "The buyer's e-mail address at the marketplace (an alias)");

export const orderOutput = defineOutputShape({
	record: 'order',
	fields: [
		copied('id_order', 'id_order', 'The ID of the order', true),
		storefront(true),
		field.createdAt('ts_created_iso', UTC),
		{ ...field.updatedAt('ts_units_updated_iso', UTC), name: 'units_updated_at', description: 'When one of its order units last changed (ISO 8601, UTC); Get Many only' },
		{ name: 'order_units_count', description: 'How many of your units were bought in it', simplified: true, read: (order) => order.order_units_count ?? (Array.isArray(order.order_units) ? order.order_units.length : undefined) },
		field.distinct('statuses', 'order_units', 'status', 'The statuses of its order units; Get only'),
		field.each('product_titles', 'order_units', 'product.title', 'The product title of each order unit; Get only'),
		field.total('order_units', 'price', { key: 'currency' }),
		field.buyerName(ADDRESS),
		field.shipToCountry(ADDRESS),
		field.each('ids_order_units', 'order_units', 'id_order_unit', 'The IDs of its order units; Get only', false),
		buyerEmail('buyer.email'),
		copied('ship_to_city', 'shipping_address.city', 'The city of the shipping address'),
		copied('fulfillment_type', 'fulfillment_type', 'Who ships it: you (fulfilled_by_merchant) or the marketplace'),
	],
});

export const orderUnitOutput = defineOutputShape({
	record: 'order unit',
	fields: [
		copied('id_order_unit', 'id_order_unit', 'The ID of the order unit', true),
		copied('id_order', 'id_order', 'The ID of its order', true),
		field.status('order unit'),
		field.createdAt('ts_created_iso', UTC),
		field.productTitle('product.title'),
		field.ean('product.eans'),
		copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
		field.money('price', 'price', fromCurrency, 'The price the buyer paid'),
		field.buyerName(ADDRESS),
		field.shipToCountry(ADDRESS),
		field.updatedAt('ts_updated_iso', UTC, false),
		field.money('revenue_net', 'revenue_net', fromCurrency, 'Your net revenue', false),
		{ ...field.updatedAt('delivery_time_expires_iso', UTC, false), name: 'ship_by', description: 'The latest delivery date promised to the buyer (ISO 8601, UTC)' },
		storefront(),
		buyerEmail('buyer.email'),
		copied('ship_to_city', 'shipping_address.city', 'The city of the shipping address'),
		copied('cancel_reason', 'cancel_reason', 'Why it was cancelled, if it was'),
	],
});

export const returnOutput = defineOutputShape({
	record: 'return',
	fields: [
		copied('id_return', 'id_return', 'The ID of the return', true),
		field.status('return'),
		field.createdAt('ts_created_iso', UTC),
		field.updatedAt('ts_updated_iso', UTC),
		copied('tracking_provider', 'tracking_provider', 'The carrier of the return parcel', true),
		copied('tracking_code', 'tracking_code', 'The tracking code of the return parcel', true),
		storefront(true),
		field.each('ids_order_units', 'return_units', 'id_order_unit', 'The IDs of the order units sent back; Get only'),
		field.distinct('reasons', 'return_units', 'reason', 'Why the buyer sends them back; Get only'),
		field.each('ids_return_units', 'return_units', 'id_return_unit', 'The IDs of its return units; Get only', false),
		buyerEmail('buyer.email'),
		copied('fulfillment_type', 'fulfillment_type', 'Who handles it: you (fulfilled_by_merchant) or the marketplace'),
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
		field.createdAt('ts_created_iso', UTC),
		field.updatedAt('ts_updated_iso', UTC),
		copied('ids_order_units', 'ids_order_units', 'The IDs of the order units it is about', true),
		field.productTitle('product.title'),
		field.lastMessage('messages'),
		copied('id_buyer', 'id_buyer', 'The ID of the buyer'),
		buyerEmail('buyer.email'),
		storefront(),
	],
});

export const unitOutput = defineOutputShape({
	record: 'unit',
	fields: [
		copied('id_unit', 'id_unit', 'The ID of the unit (offer)', true),
		copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
		copied('id_product', 'id_product', 'The ID of the product at the marketplace', true),
		field.ean('product.eans'),
		field.productTitle('product.title'),
		field.status('unit'),
		copied('is_live', 'is_live', 'Whether buyers can see and buy it now', true),
		copied('stock', 'amount', 'How many pieces are in stock', true),
		field.money('price', 'price', fromCurrency, 'The price'),
		field.updatedAt('date_lastchange_iso', UTC),
		field.money('listing_price', 'listing_price', fromCurrency, 'The listing price', false),
		field.money('minimum_price', 'minimum_price', fromCurrency, 'The minimum price', false),
		copied('condition', 'condition', 'The condition (new, used...)'),
		storefront(),
		copied('handling_time', 'handling_time', 'Working days until it leaves your warehouse'),
	],
});
