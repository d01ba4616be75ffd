/**
 * The Simplified (and selectable) output fields of the records Get and Get Many read: orders, order units, returns,
 * tickets and units, the same names in both node versions, each read from where its API version keeps it. Why
 * these fields: README, "Simplify, and Output for AI agents".
 */
import {
	copied,
	defineOutputShape,
	outputField as field,
	type FieldAvailability,
	type OutputField,
	type OutputShape,
	type RecordRead,
} from './simplify';

/** Where the records of one API version keep what the shapes read. */
export interface RecordDialect {
	/** The time zone of dates written without one (API v1); API v2's dates end in `Z`. */
	timeZone: string;
	/** What the API appends to the names of its date fields: `ts_created` (v1), `ts_created_iso` (v2). */
	dateSuffix: '' | '_iso';
	/** Where an order unit or ticket keeps its product: `item` (v1) or `product` (v2). */
	product: 'item' | 'product';
	/** The currency of amounts: the record's own field (v2), or EUR (API v1 sells on kaufland.de only). */
	currency: { path: string } | { fixed: string };
	/** Whether records name their storefront (API v2). */
	storefronts: boolean;
	orderUnitsCount: string;
	returnUnits: string;
	ticketOrderUnits: string;
	/** How a unit names its product (its ID and EAN), and what it says about its state, both Simplified. */
	unitProduct: OutputField[];
	unitState: OutputField[];
	/** More fields of a unit that can be picked under Selected Fields. */
	unitMore: OutputField[];
	/** Whether Get of an order carries when its units last changed (API v1), or only Get Many does (API v2). */
	unitsUpdatedInOrderGet: boolean;
	/** The Include value that adds a unit's product (`products` in v2, `item` in v1). */
	unitProductInclude: string;
	/** Whether Get of a ticket needs Include for its product and messages (API v1), or always has them (API v2). */
	ticketGetNeedsInclude: boolean;
}

export interface RecordShapes {
	order: OutputShape;
	orderUnit: OutputShape;
	return: OutputShape;
	ticket: OutputShape;
	unit: OutputShape;
}

/** The shipping address first, the billing address when there is none; an order of API v1 has them on its units. */
const ADDRESSES = [
	'shipping_address',
	'billing_address',
	'order_units.0.shipping_address',
	'order_units.0.billing_address',
];

/** The field, output only as `availability` says (see OutputField.in). */
export function available(
	outputField: OutputField,
	availability: Partial<Record<RecordRead, FieldAvailability>>,
): OutputField {
	return { ...outputField, in: availability };
}

/** Read from the records of Get only: a list row of Get Many does not carry what it is read from. */
const getOnly = (outputField: OutputField, get?: FieldAvailability) =>
	available(outputField, { getMany: 'never', ...(get ? { get } : {}) });

function firstOf(name: string, paths: string[], description: string): OutputField {
	return {
		name,
		description,
		read: (record) =>
			paths
				.map((path) => copied(name, path, description).read(record))
				.find((value) => value !== undefined && value !== null),
	};
}

export function recordOutputShapes(api: RecordDialect): RecordShapes {
	const date = (name: string) => `${name}${api.dateSuffix}`;
	const money = (name: string, description: string, simplified = true) =>
		field.money(name, name, api.currency, description, simplified);
	const storefront = (simplified: boolean): OutputField[] =>
		api.storefronts ? [copied('storefront', 'storefront', 'The storefront (country) it belongs to', simplified)] : [];
	const buyerEmail = (paths: string[]) =>
		firstOf('buyer_email', paths, "The buyer's e-mail address at the marketplace (an alias)");
	const shipToCity = copied('ship_to_city', 'shipping_address.city', 'The city of the shipping address');
	const currencyOfUnits = 'fixed' in api.currency ? api.currency : { key: api.currency.path };

	const order = defineOutputShape({
		record: 'order',
		fields: [
			copied('id_order', 'id_order', 'The ID of the order', true),
			...storefront(true),
			field.createdAt(date('ts_created'), api.timeZone),
			available(
				{
					...field.updatedAt(date('ts_units_updated'), api.timeZone),
					name: 'units_updated_at',
					description: 'When one of its order units last changed (ISO 8601, UTC)',
				},
				api.unitsUpdatedInOrderGet ? {} : { get: 'never' },
			),
			{
				name: 'order_units_count',
				description: 'How many of your units were bought in it',
				simplified: true,
				read: (record) =>
					record[api.orderUnitsCount] ?? (Array.isArray(record.order_units) ? record.order_units.length : undefined),
			},
			getOnly(field.distinct('statuses', 'order_units', 'status', 'The statuses of its order units; Get only')),
			getOnly(
				field.each(
					'product_titles',
					'order_units',
					`${api.product}.title`,
					'The product title of each order unit; Get only',
				),
			),
			getOnly(field.total('order_units', 'price', currencyOfUnits)),
			getOnly(field.buyerName(ADDRESSES)),
			getOnly(field.shipToCountry(ADDRESSES)),
			// Simplified, so that a workflow can ship every unit of an order (Split Out on ids_order_units) with Simplify on.
			getOnly(field.each('ids_order_units', 'order_units', 'id_order_unit', 'The IDs of its order units; Get only')),
			buyerEmail(['buyer.email', 'order_units.0.buyer.email']),
			shipToCity,
		],
	});

	const orderUnit = defineOutputShape({
		record: 'order unit',
		fields: [
			copied('id_order_unit', 'id_order_unit', 'The ID of the order unit', true),
			copied('id_order', 'id_order', 'The ID of its order', true),
			field.status('order unit'),
			field.createdAt(date('ts_created'), api.timeZone),
			field.productTitle(`${api.product}.title`),
			field.ean(`${api.product}.eans`),
			copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
			money('price', 'The price the buyer paid'),
			field.buyerName(ADDRESSES),
			field.shipToCountry(ADDRESSES),
			field.updatedAt(date('ts_updated'), api.timeZone, false),
			money('revenue_net', 'Your net revenue', false),
			{
				...field.updatedAt(date('delivery_time_expires'), api.timeZone, false),
				name: 'ship_by',
				description: 'The latest delivery date promised to the buyer (ISO 8601, UTC)',
			},
			...storefront(false),
			buyerEmail(['buyer.email']),
			shipToCity,
			// Simplified, so that a cancelled unit says why, whatever the reason (the live API has more than its OpenAPI
			// lists); null for a unit that was not cancelled, so that every unit has the same fields.
			{
				name: 'cancel_reason',
				description: 'Why it was cancelled; null if it was not',
				simplified: true,
				read: (record) => record.cancel_reason ?? null,
			},
		],
	});

	const returnShape = defineOutputShape({
		record: 'return',
		fields: [
			copied('id_return', 'id_return', 'The ID of the return', true),
			field.status('return'),
			field.createdAt(date('ts_created'), api.timeZone),
			field.updatedAt(date('ts_updated'), api.timeZone),
			copied('tracking_provider', 'tracking_provider', 'The carrier of the return parcel', true),
			copied('tracking_code', 'tracking_code', 'The tracking code of the return parcel', true),
			...storefront(true),
			getOnly(
				field.each(
					'ids_order_units',
					api.returnUnits,
					'id_order_unit',
					'The IDs of the order units sent back; Get only',
				),
				{ include: api.returnUnits },
			),
			getOnly(field.distinct('reasons', api.returnUnits, 'reason', 'Why the buyer sends them back; Get only'), {
				include: api.returnUnits,
			}),
			getOnly(
				field.each(
					'ids_return_units',
					api.returnUnits,
					'id_return_unit',
					'The IDs of its return units; Get only',
					false,
				),
				{ include: api.returnUnits },
			),
			buyerEmail(['buyer.email']),
		],
	});

	const ticket = defineOutputShape({
		record: 'ticket',
		fields: [
			copied('id_ticket', 'id_ticket', 'The ID of the ticket', true),
			field.status('ticket'),
			copied('open_reason', 'open_reason', 'Why the buyer opened it', true),
			copied('topic', 'topic', 'Its topic', true),
			copied('is_seller_responsible', 'is_seller_responsible', 'Whether the buyer waits for your answer', true),
			field.createdAt(date('ts_created'), api.timeZone),
			field.updatedAt(date('ts_updated'), api.timeZone),
			copied('ids_order_units', api.ticketOrderUnits, 'The IDs of the order units it is about', true),
			getOnly(
				field.productTitle(`${api.product}.title`),
				api.ticketGetNeedsInclude ? { include: api.product } : undefined,
			),
			getOnly(field.lastMessage('messages'), api.ticketGetNeedsInclude ? { include: 'messages' } : undefined),
			copied('id_buyer', 'id_buyer', 'The ID of the buyer'),
			buyerEmail(['buyer.email']),
			...storefront(false),
		],
	});

	const unit = defineOutputShape({
		record: 'unit',
		fields: [
			copied('id_unit', 'id_unit', 'The ID of the unit (offer)', true),
			copied('id_offer', 'id_offer', 'Your own ID of the offer (SKU)', true),
			...api.unitProduct,
			available(field.productTitle(`${api.product}.title`), {
				get: { include: api.unitProductInclude },
				getMany: { include: api.unitProductInclude },
			}),
			...api.unitState,
			copied('stock', 'amount', 'How many pieces are in stock', true),
			money('price', 'The price'),
			field.updatedAt(date('date_lastchange'), api.timeZone),
			money('listing_price', 'The listing price', false),
			...api.unitMore,
		],
	});

	return { order, orderUnit, return: returnShape, ticket, unit };
}

/** A unit's minimum price, in the dialect's currency; Simplified in API v1, whose units have no status. */
export function minimumPrice(currency: RecordDialect['currency'], simplified: boolean): OutputField {
	return field.money('minimum_price', 'minimum_price', currency, 'The minimum price', simplified);
}

export const unitCondition = (simplified: boolean): OutputField =>
	copied('condition', 'condition', 'The condition (new, used...)', simplified);

const V2_CURRENCY = { path: 'currency' };

/** The records of API v2, for the action node's Get and Get Many and the poll trigger's Simplify alike. */
export const v2OutputShapes = recordOutputShapes({
	timeZone: 'UTC',
	dateSuffix: '_iso',
	product: 'product',
	currency: V2_CURRENCY,
	storefronts: true,
	orderUnitsCount: 'order_units_count',
	returnUnits: 'return_units',
	ticketOrderUnits: 'ids_order_units',
	unitProduct: [
		copied('id_product', 'id_product', 'The ID of the product at the marketplace', true),
		available(field.ean('product.eans'), { get: { include: 'products' }, getMany: { include: 'products' } }),
	],
	unitState: [field.status('unit'), copied('is_live', 'is_live', 'Whether buyers can see and buy it now', true)],
	unitsUpdatedInOrderGet: false,
	unitProductInclude: 'products',
	ticketGetNeedsInclude: false,
	unitMore: [
		minimumPrice(V2_CURRENCY, false),
		unitCondition(false),
		copied('handling_time', 'handling_time', 'Working days until it leaves your warehouse'),
	],
});
