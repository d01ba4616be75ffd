/**
 * API v2 shapes of the shared (v1-shaped) records. One store serves both APIs: each read converts.
 *
 * Mappings the sources leave open (decisions, see sandbox/README.md "API v2"):
 *  - ids are the same in both APIs (id_product = v1 id_item); times become ISO 8601 UTC with `Z`;
 *  - shipping groups are numbered by their position (paket 1, spedition 2, brief 3); warehouses keep their id;
 *  - the unit condition 'used - as new' is `USED___AS_NEW` and so on; a v1 'download' unit has no v2 form and
 *    does not exist for v2;
 *  - v1 `delivery_time_min/max` are the v2 `transport_time_min/max`; `handling_time` is v2-only (default 1);
 *  - a v1 `minimum_price` of 0 (none) reads as the listing price, v2 requires at least 1.
 */
import type { SandboxCore } from '../core/sandbox-core';
import type { Order, OrderInvoice, OrderUnit, ReturnUnit, Subscription, Ticket, Unit } from '../core/types';
import { enumValues } from './contract';
import { currencyOf, storefrontOf } from '../model/storefronts';

type View = Record<string, unknown>;

/** 'YYYY-MM-DD HH:MM:SS' (UTC) → 'YYYY-MM-DDTHH:MM:SSZ' */
export function iso(timestamp: string): string;
export function iso(timestamp: string | null): string | null;
export function iso(timestamp: string | null): string | null {
	return timestamp === null ? null : `${timestamp.replace(' ', 'T')}Z`;
}

export function fulfillmentType(record: { _fulfilled_by_marketplace: boolean }): string {
	return record._fulfilled_by_marketplace ? 'fulfilled_by_kaufland' : 'fulfilled_by_merchant';
}

/** 'used - very good' → 'USED___VERY_GOOD'; undefined when v2 has no such condition. */
export function v2Condition(v1: string): string | undefined {
	const v2 = v1.toUpperCase().replace(' - ', '___').replace(/ /g, '_');
	return /^(NEW|(USED|REFURBISHED)___(AS_NEW|VERY_GOOD|GOOD|ACCEPTABLE))$/.test(v2) ? v2 : undefined;
}

/** 'USED___VERY_GOOD' → 'used - very good' */
export function v1Condition(v2: string): string {
	return v2.toLowerCase().replace('___', ' - ').replace(/_/g, ' ');
}

export function shippingGroupId(core: SandboxCore, name: string): number | null {
	const index = core.store.db.shippingGroups.findIndex((g) => g.name === name);
	return index < 0 ? null : index + 1;
}

export function warehouseId(core: SandboxCore, name: string): number | null {
	return core.store.db.warehouses.find((w) => w.name === name)?.id_warehouse ?? null;
}

function addressView(address: OrderUnit['billing_address']): View {
	const {
		first_name,
		last_name,
		company_name,
		street,
		house_number,
		postcode,
		additional_field,
		city,
		phone,
		country,
	} = address;
	return {
		first_name,
		last_name,
		company_name,
		street,
		house_number,
		postcode,
		additional_field,
		city,
		phone,
		country,
	};
}

export function productView(core: SandboxCore, idItem: number, storefront: string): View | null {
	const item = core.store.find('items', idItem);
	if (!item) return null;
	return {
		id_product: item.id_item,
		storefront,
		title: item.title,
		eans: [...item.eans],
		id_category: item.id_category,
		main_picture: item.main_picture,
		manufacturer: item.manufacturer,
		url: item.url,
		age_rating: item.age_rating,
		is_valid: item.is_valid,
		dangerous_goods_li_shipping: item.dangerous_goods_li_shipping,
		danger_label_9A: item.danger_label_9A,
	};
}

export function orderView(order: Order): View {
	return {
		id_order: order.id_order,
		ts_created_iso: iso(order.ts_created),
		is_marketplace_deemed_supplier: order.is_marketplace_deemed_supplier,
		order_units_count: order.seller_units_count,
		ts_units_updated_iso: iso(order.ts_units_updated),
		storefront: storefrontOf(order),
		fulfillment_type: fulfillmentType(order),
	};
}

/** The leading fields of every v2 order-unit shape (`OrderUnit`, `OrderUnitDetails`, `OrderDetails.order_units[]`). */
function orderUnitHead(unit: OrderUnit): View {
	const storefront = storefrontOf(unit);
	return {
		id_order_unit: unit.id_order_unit,
		id_order: unit.id_order,
		ts_created_iso: iso(unit.ts_created),
		is_marketplace_deemed_supplier: unit.is_marketplace_deemed_supplier,
		ts_updated_iso: iso(unit.ts_updated),
		status: unit.status,
		price: unit.price,
		id_offer: unit.id_offer,
		revenue_gross: unit.revenue_gross,
		revenue_net: unit.revenue_net,
		note: unit.note,
		unit_condition: unit.unit_condition,
		storefront,
		currency: currencyOf(storefront),
		delivery_time_min: unit.delivery_time_min,
		delivery_time_max: unit.delivery_time_max,
		delivery_time_expires_iso: iso(unit.delivery_time_expires),
		order_received_timestamp_iso: iso(unit.order_received_timestamp),
		shipping_rate: Math.round(Number(unit.shipping_rate) * 100),
		cancel_reason: unit.cancel_reason,
	};
}

function orderUnitGoods(core: SandboxCore, unit: OrderUnit): View {
	return { product: productView(core, unit.item.id_item, storefrontOf(unit)), vat: unit.vat, discounts: [] };
}

export function orderUnitView(core: SandboxCore, unit: OrderUnit): View {
	return {
		...orderUnitHead(unit),
		fulfillment_type: fulfillmentType(unit),
		buyer: { ...unit.buyer },
		billing_address: addressView(unit.billing_address),
		shipping_address: addressView(unit.shipping_address),
		...orderUnitGoods(core, unit),
	};
}

/** `kss_delivery` has no response field of its own in the OpenAPI; the sandbox answers it with `kss_eligible`. */
export function orderUnitDetailsView(core: SandboxCore, unit: OrderUnit, embedded: Set<string>): View {
	const view = orderUnitView(core, unit);
	if (embedded.has('delivery_attempt_timestamp_iso'))
		view.delivery_attempt_timestamp_iso = iso(unit._shipment?.ts ?? null);
	if (embedded.has('tickets')) view.tickets = ticketsOf(core, unit).map((t) => ticketView(core, t));
	if (embedded.has('return_unit')) {
		const returnUnit = core.store.db.returnUnits.find((r) => r.id_order_unit === unit.id_order_unit);
		view.return_unit = returnUnit ? returnUnitView(core, returnUnit) : null;
	}
	if (embedded.has('delivery')) view.delivery = { pickup_location: null };
	if (embedded.has('kss_delivery')) view.kss_eligible = false;
	if (embedded.has('shipping_group')) {
		const sold = core.store.find('units', unit._id_unit);
		view.shipping_group = { id_shipping_group: sold ? shippingGroupId(core, sold.shipping_group) : null };
	}
	return view;
}

export function orderDetailsView(core: SandboxCore, order: Order, embedded: Set<string>): View {
	const units = core.store.db.orderUnits.filter((u) => u.id_order === order.id_order);
	const first = units[0];
	const view: View = {
		id_order: order.id_order,
		ts_created_iso: iso(order.ts_created),
		is_marketplace_deemed_supplier: order.is_marketplace_deemed_supplier,
		storefront: storefrontOf(order),
		fulfillment_type: fulfillmentType(order),
		order_units: units.map((unit) => ({
			...orderUnitHead(unit),
			...orderUnitGoods(core, unit),
			tickets: ticketsOf(core, unit).map((t) => ticketView(core, t)),
			...(embedded.has('kss_delivery') && { kss_eligible: false }),
		})),
		billing_address: addressView(first?.billing_address ?? order.billing_address),
		shipping_address: addressView(first?.shipping_address ?? order.shipping_address),
		buyer: { ...order.buyer },
	};
	if (embedded.has('order_invoices')) {
		view.order_invoices = core.store.db.orderInvoices
			.filter((i) => i.id_order === order.id_order)
			.map((i) => invoiceView(order, i));
	}
	if (embedded.has('delivery')) view.delivery = { pickup_location: null };
	return view;
}

export function invoiceView(order: Order, invoice: OrderInvoice): View {
	return {
		id_invoice: invoice.id_invoice,
		id_order: invoice.id_order,
		storefront: storefrontOf(order),
		is_marketplace_deemed_supplier: order.is_marketplace_deemed_supplier,
		original_name: invoice.original_name,
		mime_type: invoice.mime_type,
		url: invoice.url,
		ts_created_iso: iso(invoice.ts_created),
	};
}

export function ticketsOf(core: SandboxCore, unit: OrderUnit): Ticket[] {
	return core.store.db.tickets.filter((t) => t.ids_order_unit.includes(String(unit.id_order_unit)));
}

/** v1 ticket topics outside the v2 enum read as null (the field is nullable). */
export function ticketView(core: SandboxCore, ticket: Ticket): View {
	const units = ticket.ids_order_unit.map((id) => core.store.find('orderUnits', id)).filter((u) => u !== undefined);
	return {
		id_ticket: ticket.id_ticket,
		ids_order_units: ticket.ids_order_unit.map(Number),
		id_buyer: ticket.id_buyer,
		ts_created_iso: iso(ticket.ts_created),
		ts_updated_iso: iso(ticket.ts_updated),
		status: ticket.status,
		open_reason: ticket.open_reason,
		topic: enumValues('TicketTopic').includes(ticket.topic) ? ticket.topic : null,
		is_seller_responsible: ticket.is_seller_responsible,
		fulfillment_type: units[0] ? fulfillmentType(units[0]) : 'fulfilled_by_merchant',
	};
}

/** v1 return reasons that v2 dropped ('return', 'other') read as 'no_reason'. */
export function returnUnitView(core: SandboxCore, returnUnit: ReturnUnit): View {
	const orderUnit = core.store.find('orderUnits', returnUnit.id_order_unit);
	return {
		id_return_unit: returnUnit.id_return_unit,
		id_return: returnUnit.id_return,
		id_order_unit: returnUnit.id_order_unit,
		ts_created_iso: iso(returnUnit.ts_created),
		status: returnUnit.status,
		note: returnUnit.note,
		reason: returnUnit.reason === 'return' || returnUnit.reason === 'other' ? 'no_reason' : returnUnit.reason,
		storefront: orderUnit ? storefrontOf(orderUnit) : 'de',
		fulfillment_type: orderUnit ? fulfillmentType(orderUnit) : 'fulfilled_by_merchant',
	};
}

/** `Unit` / `UnitEmbedded`; `embedded` may ask for `products`, `eco_participation`, `battery_participation`. */
export function unitView(core: SandboxCore, unit: Unit, embedded: Set<string> = new Set()): View {
	const storefront = storefrontOf(unit);
	const status = unit._status ?? 'AVAILABLE';
	const view: View = {
		status,
		currency: currencyOf(storefront),
		id_unit: unit.id_unit,
		note: unit.note,
		condition: v2Condition(unit.condition),
		listing_price: unit.listing_price,
		minimum_price: unit.minimum_price >= 1 ? unit.minimum_price : unit.listing_price,
		price: unit.price,
		id_offer: unit.id_offer,
		id_product: unit.id_item,
		id_shipping_group: shippingGroupId(core, unit.shipping_group),
		id_warehouse: warehouseId(core, unit.warehouse),
		amount: unit.amount,
		date_inserted_iso: iso(unit.date_inserted),
		date_lastchange_iso: iso(unit.date_lastchange),
		handling_time: unit._handling_time ?? 1,
		shipping_rate: unit.shipping_rate,
		storefront,
		transport_time_min: unit.delivery_time_min,
		transport_time_max: unit.delivery_time_max,
		fulfillment_type: 'fulfilled_by_merchant',
		vat_indicator: unit._vat_indicator ?? 'standard_rate',
		manufacturer_guarantee_years: unit._manufacturer_guarantee_years ?? null,
		is_live: isLive(unit),
	};
	if (embedded.has('products')) view.product = productView(core, unit.id_item, storefront);
	if (embedded.has('eco_participation')) view.eco_participation = unit._eco_participation ?? null;
	if (embedded.has('battery_participation')) view.battery_participation = unit._battery_participation ?? null;
	return view;
}

/** Live: on sale (AVAILABLE) with stock. */
export function isLive(unit: Unit): boolean {
	return (unit._status ?? 'AVAILABLE') === 'AVAILABLE' && unit.amount > 0;
}

export function subscriptionView(subscription: Subscription): View {
	return {
		id_subscription: subscription.id_subscription,
		callback_url: subscription.callback_url,
		fallback_email: subscription.fallback_email,
		event_name: subscription.event_name,
		is_active: subscription.is_active,
		storefront: subscription._storefront ?? null,
	};
}
