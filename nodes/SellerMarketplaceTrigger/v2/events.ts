/**
 * API v2 specifics of notifications (spec §F.3, §F.4): the 17 events, the resource paths they name (relative to
 * /v2, with a trailing slash as the documentation writes them; the node reads them without it), and how each
 * event is confirmed by reading its resource.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { SUBSCRIPTION_EVENT_NAMES } from '../../SellerMarketplace/v2/helpers/enums';
import { apiPath } from '../../SellerMarketplace/v2/transport';
import type { ReadBackRule } from '../shared/readBack';
import type { IdForm, ResourceRef } from '../shared/resourcePath';

type EventName = (typeof SUBSCRIPTION_EVENT_NAMES)[number];

/** The events in the Events dropdown: a label and what each one means (§F.3). */
export const EVENTS: Readonly<Record<EventName, { name: string; description: string }>> = {
	order_new: { name: 'New Order', description: 'A buyer placed an order (once per order)' },
	order_unit_new: { name: 'New Order Unit', description: 'An order unit was created (once per unit of an order)' },
	order_unit_status_changed: { name: 'Order Unit Status Changed', description: 'An order unit was sent, cancelled, returned, …' },
	item_changed: { name: 'Product Changed', description: 'Catalogue data of a product you offer changed' },
	category_changed: { name: 'Category Changed', description: 'A category changed' },
	return_new: { name: 'New Return', description: 'A buyer started a return' },
	return_status_changed: { name: 'Return Status Changed', description: 'The status of a return changed' },
	return_unit_status_changed: { name: 'Return Unit Status Changed', description: 'The status of a returned unit changed' },
	item_unit_new: { name: 'New Unit', description: 'One of your units (offers) was created' },
	item_unit_changed: { name: 'Unit Changed', description: 'One of your units changed (price, stock, …)' },
	item_unit_deleted: { name: 'Unit Deleted', description: 'One of your units was deleted' },
	item_unit_out_of_stock: { name: 'Unit Out of Stock', description: 'The stock of one of your units reached 0' },
	item_unit_not_available: { name: 'Unit Not Available', description: 'One of your units became unavailable' },
	item_unit_available: { name: 'Unit Available', description: 'One of your units became available again' },
	item_unit_live: { name: 'Unit Live', description: 'One of your units went live on the storefront' },
	item_unit_not_live: { name: 'Unit Not Live', description: 'One of your units stopped being live on the storefront' },
	buy_box_changed: { name: 'Buy Box Changed', description: 'The Buy Box of a product you offer was lost, won or repriced (early access)' },
};

export const eventOptions: INodePropertyOptions[] = Object.entries(EVENTS)
	.map(([value, { name, description }]) => ({ name, value, description }))
	.sort((a, b) => a.name.localeCompare(b.name));

/** Collections a notification may name. `id_order` is a string; the other ids are integers. */
export const RESOURCE_FORMS: Readonly<Record<string, IdForm>> = {
	orders: { idField: 'id_order', type: 'string' },
	'order-units': { idField: 'id_order_unit', type: 'integer' },
	returns: { idField: 'id_return', type: 'integer' },
	'return-units': { idField: 'id_return_unit', type: 'integer' },
	units: { idField: 'id_unit', type: 'integer' },
	products: { idField: 'id_product', type: 'integer' },
	categories: { idField: 'id_category', type: 'integer' },
};

/** Reads that take the storefront (units, products and categories are per storefront in API v2). */
const READ_WITH_STOREFRONT = new Set(['units', 'products', 'categories']);

/** The API path (and query) that reads the resource a notification names: `/order-units/123/` → `/order-units/123`. */
export function readPathOf(ref: ResourceRef, storefront: string): string {
	const path = apiPath`/${ref.collection}/${ref.id}`;
	return READ_WITH_STOREFRONT.has(ref.collection) ? `${path}?storefront=${encodeURIComponent(storefront)}` : path;
}

function fieldIs<T>(field: string, expected: (value: unknown) => boolean, says: string) {
	return (record: IDataObject): string | undefined =>
		expected(record[field] as T) ? undefined : `${field} is ${JSON.stringify(record[field] ?? null)}, not ${says}`;
}

const amountZero = fieldIs('amount', (amount) => amount === 0, '0');
const amountAboveZero = fieldIs('amount', (amount) => typeof amount === 'number' && amount > 0, 'above 0');
const live = fieldIs('is_live', (value) => value === true, 'true');
const notLive = fieldIs('is_live', (value) => value === false, 'false');

/**
 * How reading confirms each event. Orders, order units and returns carry their creation and change times;
 * units their `date_inserted_iso` and `date_lastchange_iso`, so a unit event must be about a recent change.
 * Return units, products and categories carry no change time: existence and kind only. A deletion leaves
 * nothing to read, and a Buy Box change nothing a read can compare, so those need a matching signature.
 */
export const READ_BACK_RULES: Readonly<Record<EventName, ReadBackRule>> = {
	order_new: { collection: 'orders', once: true, timeField: 'ts_created_iso' },
	order_unit_new: { collection: 'order-units', once: true, timeField: 'ts_created_iso' },
	order_unit_status_changed: { collection: 'order-units', timeField: 'ts_updated_iso' },
	return_new: { collection: 'returns', once: true, timeField: 'ts_created_iso' },
	return_status_changed: { collection: 'returns', timeField: 'ts_updated_iso' },
	return_unit_status_changed: { collection: 'return-units' },
	item_changed: { collection: 'products' },
	category_changed: { collection: 'categories' },
	item_unit_new: { collection: 'units', once: true, timeField: 'date_inserted_iso' },
	item_unit_changed: { collection: 'units', timeField: 'date_lastchange_iso' },
	item_unit_deleted: { collection: 'units', unconfirmable: 'a deleted unit can no longer be read' },
	item_unit_out_of_stock: { collection: 'units', timeField: 'date_lastchange_iso', check: amountZero },
	item_unit_not_available: { collection: 'units', timeField: 'date_lastchange_iso' },
	item_unit_available: { collection: 'units', timeField: 'date_lastchange_iso', check: amountAboveZero },
	item_unit_live: { collection: 'units', timeField: 'date_lastchange_iso', check: live },
	item_unit_not_live: { collection: 'units', timeField: 'date_lastchange_iso', check: notLive },
	buy_box_changed: { collection: 'products', unconfirmable: 'a Buy Box change leaves nothing a read can compare' },
};

/** The rule for one notification: the record read must also be of the storefront the notification names. */
export function readBackRuleOf(eventName: string, storefront: string): ReadBackRule {
	const rule = READ_BACK_RULES[eventName as EventName];
	const check = (record: IDataObject): string | undefined => {
		if (record.storefront !== undefined && record.storefront !== null && record.storefront !== storefront) {
			return `it is of storefront ${JSON.stringify(record.storefront)}, not ${storefront}`;
		}
		return rule.check?.(record);
	};
	return { ...rule, check };
}

/** The Buy Box resource as the documentation sketches it: `/buybox?id_product=<id>[&condition=<condition>]`. */
const BUY_BOX_RESOURCE = /^\/buybox\/?\?id_product=([1-9][0-9]{0,15})(?:&condition=[a-z_]{1,40})?$/;

/** The product a Buy Box notification is about, in the `/products/<id>/` form; other resources as they are. */
export function resourcePathOf(eventName: string, resource: string): string {
	const buyBox = eventName === 'buy_box_changed' ? BUY_BOX_RESOURCE.exec(resource) : null;
	return buyBox ? `/products/${buyBox[1]}/` : resource;
}
