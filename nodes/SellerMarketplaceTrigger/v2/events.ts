/**
 * API v2 specifics of notifications: the 17 events, the resource paths they name (relative to
 * /v2, with a trailing slash as the documentation writes them; the node reads them without it), and how each
 * event is confirmed by reading its resource.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { EVENT_TERMS } from '../../shared/descriptions/vocabulary';
import { SUBSCRIPTION_EVENT_NAMES, toOptions } from '../../api/v2/enums';
import { apiPath } from '../../api/v2';
import type { ReadBackRule } from '../receiving/readBack';
import { COMMON_RESOURCE_FORMS, type IdForm, type ResourceRef } from '../receiving/resourcePath';

type EventName = (typeof SUBSCRIPTION_EVENT_NAMES)[number];

/** The events in the Events dropdown: a label and what each one means. */
export const eventOptions: INodePropertyOptions[] = toOptions(SUBSCRIPTION_EVENT_NAMES, EVENT_TERMS);

/** Collections a notification may name. */
export const RESOURCE_FORMS: Readonly<Record<string, IdForm>> = {
	...COMMON_RESOURCE_FORMS,
	products: { idField: 'id_product', type: 'integer' },
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
