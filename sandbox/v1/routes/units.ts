/** The seller's inventory units (offers). */
import type { SandboxCore } from '../../core/sandbox-core';
import { UNIT_CONDITIONS } from '../../core/enums';
import { badRequest, conflict, unprocessable } from '../../core/errors';
import { filters, listReply, readEmbedded } from '../pagination';
import { created, intParam, noContent, noQuery, ok, route, Route, RouteContext, useAlias } from '../router';
import { SELLER_PSEUDONYM } from '../../core/seed';
import { publicRecord, publicView } from '../../core/store';
import type { Item, Unit } from '../../core/types';
import { Check, integer, nonEmptyString, oneOf, optional, parseBody, string } from '../../core/validate';

export function unitView(core: SandboxCore, unit: Unit, embedded: Set<string>) {
	const view = publicRecord(unit);
	if (embedded.has('item')) view.item = publicView(core.store.find('items', unit.id_item) ?? null);
	return view;
}

/** Unit fields a body may set; everything optional here, create checks what it needs. */
export function unitFields(core: SandboxCore) {
	const shippingGroup: Check<string> = (value, field) => {
		const name = string(value, field);
		const known = core.store.db.shippingGroups.map((g) => g.name);
		if (!known.includes(name)) throw badRequest(`${field} '${name}' is not one of your shipping groups: ${known.join(', ')}`);
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
	if (!item) throw unprocessable(`No item with EAN ${body.ean}; upload product data first (PUT /product-data/${body.ean}/)`);
	return item;
}

/** Copies the changeable fields if the result is consistent; a refused change leaves the unit as it was. */
function applyFields(unit: Unit, body: UnitBody): void {
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
		throw unprocessable(`delivery_time_min ${next.delivery_time_min} is above delivery_time_max ${next.delivery_time_max}`);
	}
	Object.assign(unit, next);
}

/** Fires the item_unit_* events for a change of `amount`. */
function stockEvents(core: SandboxCore, unit: Unit, before: number): void {
	const resource = `/units/${unit.id_unit}/`;
	if (before > 0 && unit.amount === 0) core.notifier.emit('item_unit_out_of_stock', resource);
	if (before === 0 && unit.amount > 0) core.notifier.emit('item_unit_available', resource);
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
	const now = core.timestamp();
	const unit: Unit = {
		id_unit: id,
		id_item: item.id_item,
		ean: item.eans[0],
		id_offer: body.id_offer ?? `UNIT-${id}`,
		condition,
		location: 'DE',
		warehouse: core.store.db.warehouses.find((w) => w.is_default)?.name ?? '',
		amount: 0,
		price: 0,
		listing_price: 0,
		minimum_price: 0,
		reference_price: null,
		note: '',
		delivery_time_min: 1,
		delivery_time_max: 3,
		shipping_group: core.store.db.shippingGroups[0]?.name ?? 'paket',
		shipping_rate: 495,
		seller: { pseudonym: SELLER_PSEUDONYM },
		date_inserted: now,
		date_lastchange: now,
		_visible_from: core.now() + core.options.unitVisibilityDelaySeconds * 1000,
	};
	applyFields(unit, body);
	core.store.insert('units', unit);
	core.notifier.emit('item_unit_new', `/units/${id}/`);
	return unit;
}

function patchUnit(ctx: RouteContext) {
	const unit = ctx.core.store.get('units', intParam(ctx), 'Unit');
	const body = parseBody(ctx.body(), unitFields(ctx.core));
	const fixed: Array<[string, unknown, unknown]> = [
		['id_item', body.id_item, unit.id_item],
		['id_offer', body.id_offer, unit.id_offer],
		['ean', body.ean, unit.ean],
	];
	for (const [field, wanted, current] of fixed) {
		if (wanted !== undefined && wanted !== current) {
			throw badRequest(`${field} cannot be changed (is ${JSON.stringify(current)}); delete the unit and create a new one`);
		}
	}
	// the spec's PATCH body is the create body without id_item and id_offer
	const unchangeable = (['id_item', 'id_offer'] as const).filter((field) => body[field] !== undefined);
	if (unchangeable.length > 0) {
		useAlias(ctx, `PATCH body with ${unchangeable.join(', ')}`, `${unchangeable.join(' and ')} cannot be sent in PATCH /units/{id}/ (they cannot be changed)`);
	}
	const before = unit.amount;
	applyFields(unit, body);
	unit.date_lastchange = ctx.core.timestamp();
	ctx.core.notifier.emit('item_unit_changed', `/units/${unit.id_unit}/`);
	stockEvents(ctx.core, unit, before);
	return noContent();
}

export const unitRoutes: Route[] = [
	route('POST', '/units/', (ctx) => {
		const unit = upsertUnit(ctx.core, parseBody(ctx.body(), unitFields(ctx.core)));
		return created(`/units/${unit.id_unit}/`);
	}),
	route('GET', '/units/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.units,
			{
				// new units show up only after unitVisibilityDelaySeconds of sandbox time
				where: (u: Unit) => u._visible_from <= ctx.core.now(),
				filters: {
					id_item: filters.integer((u: Unit) => u.id_item),
					ean: filters.oneOf((u: Unit) => u.ean),
					id_offer: filters.oneOf((u: Unit) => u.id_offer),
				},
				embedded: ['item'],
			},
			(unit, embedded) => unitView(ctx.core, unit, embedded),
		),
	),
	route('GET', '/units/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['item']);
		return ok(unitView(ctx.core, ctx.core.store.get('units', intParam(ctx), 'Unit'), embedded));
	}),
	route('PATCH', '/units/{id}/', patchUnit),
	route('DELETE', '/units/{id}/', (ctx) => {
		const unit = ctx.core.store.get('units', intParam(ctx), 'Unit');
		ctx.core.store.remove('units', unit);
		ctx.core.notifier.emit('item_unit_deleted', `/units/${unit.id_unit}/`);
		return noContent();
	}),
];
