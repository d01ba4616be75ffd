/**
 * API v1 specifics of notifications: which resource paths they may name and how each event is confirmed
 * by reading its resource. The spec shows `order_new` → `/orders/<id_order>/`; the other paths follow
 * the API's own resource paths (a guess, listed in the README).
 */
import type { IDataObject } from 'n8n-workflow';

import type { EVENT_NAMES } from '../../api/v1/enums';
import { apiPath } from '../../api/v1';
import type { ReadBackRule } from '../receiving/readBack';
import { COMMON_RESOURCE_FORMS, type IdForm } from '../receiving/resourcePath';

/** Collections a notification may name. */
export const RESOURCE_FORMS: Readonly<Record<string, IdForm>> = {
	...COMMON_RESOURCE_FORMS,
	items: { idField: 'id_item', type: 'integer' },
};

/** The spec writes these two reads without a trailing slash (`GET /orders/{id_order}`, `GET /items/{id_item}`). */
const READ_WITHOUT_TRAILING_SLASH = new Set(['orders', 'items']);

/** The API path that reads the resource a notification names, as the action node reads it. */
export function readPathOf(ref: { collection: string; id: string | number }): string {
	const path = apiPath`/${ref.collection}/${ref.id}`;
	return READ_WITHOUT_TRAILING_SLASH.has(ref.collection) ? path : `${path}/`;
}

function amountIs(expected: 'zero' | 'positive') {
	return (record: IDataObject): string | undefined => {
		const amount = record.amount;
		if (typeof amount !== 'number') return `has no amount (${JSON.stringify(amount ?? null)})`;
		if (expected === 'zero' ? amount === 0 : amount > 0) return undefined;
		return `amount is ${amount}, not ${expected === 'zero' ? '0' : 'above 0'}`;
	};
}

/**
 * How reading confirms each event. The spec gives orders, order units and returns their ts_created and
 * ts_updated; it does not show which fields a unit read returns, and return units, items and categories
 * carry no change time, so those are confirmed by existence and state alone.
 */
export const READ_BACK_RULES: Readonly<Record<(typeof EVENT_NAMES)[number], ReadBackRule>> = {
	order_new: { collection: 'orders', once: true, timeField: 'ts_created' },
	order_unit_new: { collection: 'order-units', once: true, timeField: 'ts_created' },
	order_unit_status_changed: { collection: 'order-units', timeField: 'ts_updated' },
	return_new: { collection: 'returns', once: true, timeField: 'ts_created' },
	return_status_changed: { collection: 'returns', timeField: 'ts_updated' },
	return_unit_status_changed: { collection: 'return-units' },
	item_changed: { collection: 'items' },
	category_changed: { collection: 'categories' },
	item_unit_new: { collection: 'units' },
	item_unit_changed: { collection: 'units' },
	item_unit_deleted: { collection: 'units', unconfirmable: 'a deleted unit can no longer be read' },
	item_unit_out_of_stock: { collection: 'units', check: amountIs('zero') },
	item_unit_not_available: { collection: 'units' },
	item_unit_available: { collection: 'units', check: amountIs('positive') },
};
