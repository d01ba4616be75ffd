/**
 * Units (offers), per storefront: list, create, read, change, delete, bulk change, live status.
 *
 * Rules beyond the OpenAPI schema (all 400, naming the field):
 *  - create needs `id_product` or `ean` of an existing product (both must name the same one) and a non-empty
 *    `id_offer`; an `id_offer`, or a product in the same condition, that the storefront already has is refused
 *    with /problems/already-exists (the v1 upsert is not carried over; change a unit with PATCH);
 *  - integer conditions are the v1 codes 100 NEW, 200 USED___AS_NEW, 300 USED___VERY_GOOD, 400 USED___GOOD,
 *    500 USED___ACCEPTABLE (the refurbished codes are undocumented and refused);
 *  - `listing_price` at most 1,000,000 EUR / 25,000,000 CZK / 4,500,000 PLN in cents (spec, money amounts);
 *    `id_shipping_group` and `id_warehouse` must be the seller's. A `minimum_price` above `listing_price` is
 *    taken: API v2 states no such rule (docs/api-rules.md, "Rules the sandbox does not invent");
 *  - a PATCH must change something, and every write must carry a `listing_price` above 0: the OpenAPI's text
 *    on create, update and bulk update says "you have to specify a listing price greater than zero", and the
 *    bulk 207 example refuses a unit for it ("Parameters [listingPrice] are missing or have wrong value.");
 *    PATCH answers 400, bulk refuses that unit in its 207 answer.
 * A unit of another storefront is "not found". New units are listed after unitVisibilityDelaySeconds.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { Unit } from '../../core/types';
import { among, equals, page, where } from '../collection';
import { embedded, found, list, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { ErrorDetail, invalid, invalidField, Problem } from '../problems';
import { currencyOf, storefrontOf } from '../../model/storefronts';
import { newUnit, stockEventNames } from '../../model/units';
import { isLive, unitView, v1Condition, v2Condition } from '../views';

interface UnitPatch {
	status?: 'AVAILABLE' | 'ONHOLD';
	amount?: number;
	handling_time?: number;
	listing_price?: number;
	minimum_price?: number;
	note?: string;
	id_shipping_group?: number;
	id_warehouse?: number;
	vat_indicator?: string;
	eco_participation?: number | null;
	battery_participation?: number | null;
	manufacturer_guarantee_years?: number | null;
}

interface UnitRequest extends UnitPatch {
	ean?: string;
	id_product?: number;
	id_offer: string;
	condition?: string | number;
	handling_time: number;
	listing_price: number;
}

const CONDITION_CODES: Record<number, string> = {
	100: 'NEW',
	200: 'USED___AS_NEW',
	300: 'USED___VERY_GOOD',
	400: 'USED___GOOD',
	500: 'USED___ACCEPTABLE',
};
const MAX_LISTING_PRICE: Record<string, number> = { EUR: 100_000_000, CZK: 2_500_000_000, PLN: 450_000_000 };
const MAX_BULK = 150;

/** The storefront's units as v2 sees them (v1 'download' units have no v2 condition). */
function unitsOf(ctx: V2Context): Unit[] {
	const storefront = text(ctx, 'storefront');
	return ctx.core.store.db.units.filter(
		(u) => storefrontOf(u) === storefront && v2Condition(u.condition) !== undefined,
	);
}

function unitIn(ctx: V2Context, id: string): Unit {
	const unit = unitsOf(ctx).find((u) => String(u.id_unit) === id);
	return found(unit, `Unit ${id} on storefront ${text(ctx, 'storefront')}`);
}

function shippingGroupName(core: SandboxCore, id: number, errors: ErrorDetail[]): string | undefined {
	const group = core.store.db.shippingGroups[id - 1];
	if (!group)
		errors.push({
			field: 'id_shipping_group',
			message: `${id} is not one of your shipping groups (1 to ${core.store.db.shippingGroups.length})`,
		});
	return group?.name;
}

function warehouseName(core: SandboxCore, id: number, errors: ErrorDetail[]): string | undefined {
	const warehouse = core.store.find('warehouses', id);
	if (!warehouse) errors.push({ field: 'id_warehouse', message: `${id} is not one of your warehouses` });
	return warehouse?.name;
}

/** The unit with the patch applied, checked as a whole; throws a 400 naming the fields, changes nothing. */
function patched(core: SandboxCore, unit: Unit, patch: UnitPatch): Unit {
	const errors: ErrorDetail[] = [];
	const next: Unit = { ...unit };
	const set = <K extends keyof Unit>(key: K, value: Unit[K] | undefined) => {
		if (value !== undefined) next[key] = value;
	};
	set('_status', patch.status);
	set('amount', patch.amount);
	set('_handling_time', patch.handling_time);
	set('listing_price', patch.listing_price);
	set('minimum_price', patch.minimum_price);
	set('note', patch.note);
	set('_vat_indicator', patch.vat_indicator);
	set('_eco_participation', patch.eco_participation);
	set('_battery_participation', patch.battery_participation);
	set('_manufacturer_guarantee_years', patch.manufacturer_guarantee_years);
	if (patch.id_shipping_group !== undefined)
		set('shipping_group', shippingGroupName(core, patch.id_shipping_group, errors));
	if (patch.id_warehouse !== undefined) set('warehouse', warehouseName(core, patch.id_warehouse, errors));
	next.price = next.listing_price;
	const currency = currencyOf(storefrontOf(next));
	if (next.listing_price > MAX_LISTING_PRICE[currency]) {
		errors.push({
			field: 'listing_price',
			message: `must be at most ${MAX_LISTING_PRICE[currency]} (${currency} cents)`,
		});
	}
	if (errors.length > 0) throw invalid(errors);
	return next;
}

/** item_unit_* events for what changed between `before` and the unit now. */
function changeEvents(core: SandboxCore, before: Unit, unit: Unit): void {
	const events = new Set<string>(['item_unit_changed']);
	for (const event of stockEventNames(before.amount, unit.amount)) events.add(event);
	if ((before._status ?? 'AVAILABLE') !== (unit._status ?? 'AVAILABLE')) {
		events.add(unit._status === 'ONHOLD' ? 'item_unit_not_available' : 'item_unit_available');
	}
	if (isLive(before) !== isLive(unit)) events.add(isLive(unit) ? 'item_unit_live' : 'item_unit_not_live');
	for (const event of events) core.notifier.emit(event, `/units/${unit.id_unit}/`);
}

/** The OpenAPI's prose rule on unit writes (see the header); the words are those of its bulk 207 example. */
function requireListingPrice(patch: UnitPatch, field = 'listing_price'): void {
	if (patch.listing_price === undefined || !(patch.listing_price > 0)) {
		throw new Problem(400, '/problems/validation-error', 'Parameters [listingPrice] are missing or have wrong value.', [
			{ field, message: 'listing_price must be greater than 0' },
		]);
	}
}

function applyPatch(core: SandboxCore, unit: Unit, patch: UnitPatch): void {
	if (Object.keys(patch).length === 0) throw invalidField('body', 'names no field to change');
	requireListingPrice(patch);
	const before = { ...unit };
	Object.assign(unit, patched(core, unit, patch));
	unit.date_lastchange = core.timestamp();
	changeEvents(core, before, unit);
}

function productFor(core: SandboxCore, body: UnitRequest) {
	if (body.id_product === undefined && body.ean === undefined)
		throw invalidField('id_product', 'or ean is required to name the product');
	const byId = body.id_product === undefined ? undefined : core.store.find('items', body.id_product);
	if (body.id_product !== undefined && !byId) throw invalidField('id_product', `no product ${body.id_product}`);
	const byEan = body.ean === undefined ? undefined : core.store.db.items.find((i) => i.eans.includes(body.ean!));
	if (body.ean !== undefined && !byEan) throw invalidField('ean', `no product with EAN ${body.ean}`);
	if (byId && byEan && byId !== byEan)
		throw invalidField('ean', `${body.ean} is not an EAN of product ${body.id_product}`);
	return (byId ?? byEan)!;
}

function conditionOf(condition: string | number | undefined): string {
	if (condition === undefined) return 'NEW';
	if (typeof condition === 'string') return condition;
	const named = CONDITION_CODES[condition];
	if (!named)
		throw invalidField(
			'condition',
			`${condition} is not a known condition code (100, 200, 300, 400, 500) — use the name, e.g. 'NEW'`,
		);
	return named;
}

function createUnit(ctx: V2Context) {
	const { core } = ctx;
	const body = ctx.body as UnitRequest;
	const storefront = text(ctx, 'storefront')!;
	if (body.id_offer.trim() === '') throw invalidField('id_offer', 'must not be empty');
	const product = productFor(core, body);
	const condition = v1Condition(conditionOf(body.condition));
	const mine = core.store.db.units.filter((u) => storefrontOf(u) === storefront);
	const clash =
		mine.find((u) => u.id_offer === body.id_offer) ??
		mine.find((u) => u.id_item === product.id_item && u.condition === condition);
	if (clash) {
		const message = `storefront ${storefront} already has unit ${clash.id_unit} (id_offer '${clash.id_offer}', product ${clash.id_item}, ${v2Condition(clash.condition)}); change it with PATCH /units/${clash.id_unit}`;
		throw new Problem(400, '/problems/already-exists', message, [
			{ field: clash.id_offer === body.id_offer ? 'id_offer' : 'id_product', message },
		]);
	}
	const blank = newUnit(
		core,
		product,
		{
			id_unit: core.store.nextId('units'),
			ean: body.ean ?? product.eans[0],
			id_offer: body.id_offer,
			condition,
			location: storefront.toUpperCase(),
			amount: 1,
			price: body.listing_price,
			listing_price: body.listing_price,
			shipping_group: core.store.db.shippingGroups[0]?.name ?? '',
		},
		{ _storefront: storefront, _status: 'AVAILABLE', _manufacturer_guarantee_years: null },
	);
	const { ean: _e, id_product: _p, id_offer: _o, condition: _c, ...patch } = body;
	const unit = core.store.insert('units', patched(core, blank, patch));
	core.notifier.emit('item_unit_new', `/units/${unit.id_unit}/`);
	return ok(unitView(core, unit, embedded(ctx)));
}

function notLiveReasons(unit: Unit) {
	const reasons = [];
	if ((unit._status ?? 'AVAILABLE') === 'ONHOLD') {
		reasons.push({
			reason: 'offer_paused',
			reason_description: 'The unit is on hold (status ONHOLD); set it to AVAILABLE to sell it.',
		});
	}
	if (unit.amount === 0)
		reasons.push({
			reason: 'stock_update_needed',
			reason_description: 'The unit has no stock; raise its amount to sell it.',
		});
	return reasons;
}

function bulkUpdate(ctx: V2Context) {
	const entries = ctx.body as Array<{ id_unit: number; unit_data: UnitPatch }>;
	if (entries.length === 0) throw invalidField('body', 'must list at least one unit');
	if (entries.length > MAX_BULK) {
		throw new Problem(
			400,
			'/problems/units/bulk-too-many-units',
			`At most ${MAX_BULK} units per request, got ${entries.length}`,
			[{ field: 'body', message: `holds ${entries.length} units, at most ${MAX_BULK} are allowed` }],
		);
	}
	const ids = entries.map((e) => e.id_unit);
	const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
	if (duplicates.length > 0) {
		throw new Problem(
			400,
			'/problems/units/bulk-duplicate-units',
			`Each unit may appear once; repeated: ${duplicates.join(', ')}`,
			[{ field: 'body', message: `repeats id_unit ${duplicates.join(', ')}` }],
		);
	}
	// One look at the storefront's units per request, not one per entry (a 50,000-offer sync sends 334 of these).
	const units = new Map(unitsOf(ctx).map((u) => [u.id_unit, u]));
	const results = entries.map(({ id_unit, unit_data }) => {
		const unit = units.get(id_unit);
		if (!unit)
			return {
				id_unit,
				status_code: 404,
				message: `Unit ${id_unit} not found on storefront ${text(ctx, 'storefront')}`,
				errors: [],
			};
		try {
			applyPatch(ctx.core, unit, unit_data);
			return { id_unit, status_code: 200, unit: unitView(ctx.core, unit, embedded(ctx)) };
		} catch (error) {
			if (!(error instanceof Problem)) throw error;
			return { id_unit, status_code: error.status, message: error.message, errors: error.errors };
		}
	});
	return { status: 207, body: { data: results } };
}

export const operations: V2Operations = {
	getUnits: (ctx) => {
		const ean = text(ctx, 'ean');
		const rows = where(
			unitsOf(ctx),
			(u) => u._visible_from <= ctx.core.now(),
			among(list(ctx, 'fulfillment_type'), () => 'fulfilled_by_merchant'),
			equals(text(ctx, 'id_offer'), (u: Unit) => u.id_offer),
			equals(ctx.query.id_product, (u: Unit) => u.id_item),
			ean === undefined ? undefined : (u) => ctx.core.store.find('items', u.id_item)?.eans.includes(ean) ?? false,
		);
		return page(ctx, rows, (unit) => unitView(ctx.core, unit, embedded(ctx)));
	},

	createUnit,

	getUnit: (ctx) => ok(unitView(ctx.core, unitIn(ctx, param(ctx, 'id_unit')), embedded(ctx))),

	patchUnit: (ctx) => {
		const unit = unitIn(ctx, param(ctx, 'id_unit'));
		applyPatch(ctx.core, unit, ctx.body as UnitPatch);
		return ok(unitView(ctx.core, unit, embedded(ctx)));
	},

	deleteUnit: (ctx) => {
		const unit = unitIn(ctx, param(ctx, 'id_unit'));
		// fired before the removal, so the event's payload still shows the unit
		ctx.core.notifier.emit('item_unit_deleted', `/units/${unit.id_unit}/`);
		ctx.core.store.remove('units', unit);
		return noContent();
	},

	bulkUpdateUnits: bulkUpdate,

	GetUnitsStatus: (ctx) => {
		const { unit_ids } = ctx.body as { unit_ids: number[] };
		const units = unitsOf(ctx);
		const data = [...new Set(unit_ids)].map((id_unit) => {
			const unit = units.find((u) => u.id_unit === id_unit);
			if (!unit) return { id_unit, status_code: 404, message: 'Unit not found' };
			return { id_unit, status_code: 200, is_live: isLive(unit), reasons: notLiveReasons(unit) };
		});
		return ok(data);
	},
};
