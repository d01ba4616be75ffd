/**
 * Units (offers): the rules both APIs apply, and API v1's create-or-update (also used by v1 inventory import files).
 */
import type { SandboxCore } from '../core/sandbox-core';
import { UNIT_CONDITIONS } from '../core/enums';
import { badRequest, conflict, unprocessable } from '../core/errors';
import { SELLER_PSEUDONYM } from '../core/seed';
import type { Item, Unit } from '../core/types';
import { Check, integer, nonEmptyString, oneOf, optional, parseBody, string } from '../core/validate';

/** Unit fields a body may set; everything optional here, create checks what it needs. */
export function unitFields(core: SandboxCore) {
	const shippingGroup: Check<string> = (value, field) => {
		const name = string(value, field);
		const known = core.store.db.shippingGroups.map((g) => g.name);
		if (!known.includes(name))
			throw badRequest(`${field} '${name}' is not one of your shipping groups: ${known.join(', ')}`);
		return name;
	};
	const warehouse: Check<string> = (value, field) => {
		const text = string(value, field);
		const found = core.store.db.warehouses.find((w) => w.name === text || String(w.id_warehouse) === text);
		if (!found) throw badRequest(`${field} '${text}' is not one of your warehouses (name or id_warehouse)`);
		return found.name;
	};
	return {
		id_item: optional(integer(1)),
		ean: optional(nonEmptyString),
		id_offer: optional(nonEmptyString),
		condition: optional(oneOf(UNIT_CONDITIONS, 'unit condition')),
		listing_price: optional(integer(1)),
		minimum_price: optional(integer(0)),
		reference_price: optional(integer(0)),
		amount: optional(integer(0)),
		note: optional(string),
		delivery_time: optional(string),
		delivery_time_min: optional(integer(0)),
		delivery_time_max: optional(integer(0)),
		shipping_group: optional(shippingGroup),
		location: optional(string),
		warehouse: optional(warehouse),
	};
}
type UnitBody = ReturnType<typeof parseBody<ReturnType<typeof unitFields>>>;

function findItem(core: SandboxCore, body: UnitBody): Item {
	if (body.id_item !== undefined) {
		const item = core.store.find('items', body.id_item);
		if (!item) throw unprocessable(`No item with id_item ${body.id_item}`);
		if (body.ean !== undefined && !item.eans.includes(body.ean)) {
			throw unprocessable(`EAN ${body.ean} does not belong to item ${body.id_item}`);
		}
		return item;
	}
	if (body.ean === undefined) throw badRequest('id_item or ean is required');
	const item = core.store.db.items.find((i) => i.eans.includes(body.ean!));
	if (!item)
		throw unprocessable(`No item with EAN ${body.ean}; upload product data first (PUT /product-data/${body.ean}/)`);
	return item;
}

/** Copies the changeable fields if the result is consistent; a refused change leaves the unit as it was. */
export function applyFields(unit: Unit, body: UnitBody): void {
	// id_item, ean and id_offer are fixed; the legacy delivery_time letter code is accepted and ignored
	const { id_item: _i, ean: _e, id_offer: _o, delivery_time: _d, ...fields } = body;
	const next: Unit = { ...unit };
	for (const [key, value] of Object.entries(fields)) {
		if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
	}
	next.price = next.listing_price;
	if (next.minimum_price > next.listing_price) {
		throw unprocessable(`minimum_price ${next.minimum_price} is above listing_price ${next.listing_price}`);
	}
	if (next.delivery_time_min > next.delivery_time_max) {
		throw unprocessable(
			`delivery_time_min ${next.delivery_time_min} is above delivery_time_max ${next.delivery_time_max}`,
		);
	}
	Object.assign(unit, next);
}

/** The item_unit_* events a change of `amount` fires (both APIs). */
export function stockEventNames(before: number, after: number): string[] {
	if (before > 0 && after === 0) return ['item_unit_out_of_stock'];
	if (before === 0 && after > 0) return ['item_unit_available'];
	return [];
}

/** Fires the item_unit_* events for a change of `amount`. */
export function stockEvents(core: SandboxCore, unit: Unit, before: number): void {
	for (const event of stockEventNames(before, unit.amount)) core.notifier.emit(event, `/units/${unit.id_unit}/`);
}

/** What each API sets on a new unit; the rest are the marketplace's defaults (newUnit). */
type NewUnitFields = Pick<
	Unit,
	'id_unit' | 'ean' | 'id_offer' | 'condition' | 'location' | 'amount' | 'price' | 'listing_price' | 'shipping_group'
>;

/** A new unit of `item` (not stored yet), visible in lists after unitVisibilityDelaySeconds; `extra`: API v2's fields. */
export function newUnit(core: SandboxCore, item: Item, fields: NewUnitFields, extra: Partial<Unit> = {}): Unit {
	const now = core.timestamp();
	return {
		id_unit: fields.id_unit,
		id_item: item.id_item,
		ean: fields.ean,
		id_offer: fields.id_offer,
		condition: fields.condition,
		location: fields.location,
		warehouse: core.store.db.warehouses.find((w) => w.is_default)?.name ?? '',
		amount: fields.amount,
		price: fields.price,
		listing_price: fields.listing_price,
		minimum_price: 0,
		reference_price: null,
		note: '',
		delivery_time_min: 1,
		delivery_time_max: 3,
		shipping_group: fields.shipping_group,
		shipping_rate: 495,
		seller: { pseudonym: SELLER_PSEUDONYM },
		date_inserted: now,
		date_lastchange: now,
		_visible_from: core.now() + core.options.unitVisibilityDelaySeconds * 1000,
		...extra,
	};
}

/** Creates a unit, or updates the seller's unit for the same item and condition (both answer 201). */
export function upsertUnit(core: SandboxCore, body: UnitBody): Unit {
	const item = findItem(core, body);
	const condition = body.condition ?? 'new';
	const existing = core.store.db.units.find((u) => u.id_item === item.id_item && u.condition === condition);
	if (existing) {
		if (body.id_offer !== undefined && body.id_offer !== existing.id_offer) {
			throw conflict(
				`You already have unit ${existing.id_unit} for item ${item.id_item} (${condition}) with id_offer '${existing.id_offer}'; ` +
					`id_offer cannot change (delete the unit and create it again)`,
			);
		}
		const before = existing.amount;
		applyFields(existing, body);
		existing.date_lastchange = core.timestamp();
		core.notifier.emit('item_unit_changed', `/units/${existing.id_unit}/`);
		stockEvents(core, existing, before);
		return existing;
	}
	if (body.listing_price === undefined) throw badRequest('listing_price is required');
	if (body.amount === undefined) throw badRequest('amount is required');
	if (body.id_offer !== undefined && core.store.db.units.some((u) => u.id_offer === body.id_offer)) {
		throw conflict(`id_offer '${body.id_offer}' is already used by another of your units`);
	}
	const id = core.store.nextId('units');
	const unit = newUnit(core, item, {
		id_unit: id,
		ean: item.eans[0],
		id_offer: body.id_offer ?? `UNIT-${id}`,
		condition,
		location: 'DE',
		amount: 0,
		price: 0,
		listing_price: 0,
		shipping_group: core.store.db.shippingGroups[0]?.name ?? 'paket',
	});
	applyFields(unit, body);
	core.store.insert('units', unit);
	core.notifier.emit('item_unit_new', `/units/${id}/`);
	return unit;
}
