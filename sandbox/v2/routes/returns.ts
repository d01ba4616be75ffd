/**
 * Returns: GET /returns (newest first), GET /returns/{id_return}, POST /returns (open one) and PUT
 * /returns/{id_return} (add order units to one), the v2 view of the shared v1 returns. The body of POST and PUT is
 * one line per order unit: `{id_order_unit, reason, note}`. Refusals, stricter than the OpenAPI says: no line, an
 * order unit named twice, or a note not of 5 to 100 characters, 400 naming the line's field; an unknown order unit
 * 404; one fulfilled by the marketplace 403; one not sent, received or sent_and_autopaid, or already part of a
 * return, 403 `/problems/returns/unit-wrong-status`; units of another order than the others (or than the
 * return's) 400 on the line's `id_order_unit`; adding to a return whose parcel is on its way or back (not
 * `return_requested` or `label_generated`) 403.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { addReturnUnits, openReturn, RETURNABLE, returnOf, type ReturnLine } from '../../model/returns';
import type { ReturnRecord } from '../../core/types';
import { among, equals, newestFirst, page, since, where } from '../collection';
import { created, embedded, found, list, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField, refused } from '../problems';
import { storefrontOf } from '../../model/storefronts';
import { fulfillmentType, iso, returnUnitView } from '../views';

/** The order units of a return decide its storefront and fulfillment type (a return never mixes orders). */
function firstOrderUnit(core: SandboxCore, record: ReturnRecord) {
	const first = core.store.db.returnUnits.find((u) => u.id_return === record.id_return);
	return first && core.store.find('orderUnits', first.id_order_unit);
}

export function returnView(core: SandboxCore, record: ReturnRecord): Record<string, unknown> {
	const orderUnit = firstOrderUnit(core, record);
	return {
		id_return: record.id_return,
		ts_created_iso: iso(record.ts_created),
		ts_updated_iso: iso(record.ts_updated),
		storefront: orderUnit ? storefrontOf(orderUnit) : 'de',
		tracking_provider: record.tracking_provider,
		tracking_code: record.tracking_code,
		status: record.status,
		fulfillment_type: orderUnit ? fulfillmentType(orderUnit) : 'fulfilled_by_merchant',
	};
}

const OPEN_FOR_MORE_UNITS = ['return_requested', 'label_generated'];

/** The checked lines of a POST or PUT body, all of `idOrder` (or of one order when not given). */
function returnLines(ctx: V2Context, idOrder?: string): ReturnLine[] {
	const body = ctx.body as Array<{ id_order_unit: number; reason: string; note: string }>;
	if (body.length === 0) throw invalidField('body', 'must hold at least one order unit');
	return body.map((line, i) => {
		const id = line.id_order_unit;
		if (body.findIndex((other) => other.id_order_unit === id) !== i)
			throw invalidField(`[${i}].id_order_unit`, `names order unit ${id} a second time`);
		const note = line.note.trim();
		if (note.length < 5 || note.length > 100) throw invalidField(`[${i}].note`, 'must be 5 to 100 characters long');
		const unit = found(ctx.core.store.find('orderUnits', id), `Order unit ${id}`);
		if (unit._fulfilled_by_marketplace)
			throw refused(403, '/problems/forbidden', `Order unit ${id} is fulfilled by the marketplace`);
		if (!RETURNABLE.includes(unit.status)) {
			throw refused(
				403,
				'/problems/returns/unit-wrong-status',
				`Order unit ${id} is '${unit.status}'; only sent or received units can be returned`,
			);
		}
		const existing = returnOf(ctx.core, unit);
		if (existing)
			throw refused(
				403,
				'/problems/returns/unit-wrong-status',
				`Order unit ${id} is part of return ${existing.id_return} already`,
			);
		idOrder ??= unit.id_order;
		if (unit.id_order !== idOrder)
			throw invalidField(
				`[${i}].id_order_unit`,
				`belongs to order ${unit.id_order}, not to order ${idOrder} like the others`,
			);
		return { unit, reason: line.reason, note };
	});
}

function returnUnitsOf(core: SandboxCore, record: ReturnRecord): Array<Record<string, unknown>> {
	return core.store.db.returnUnits.filter((u) => u.id_return === record.id_return).map((u) => returnUnitView(core, u));
}

function withReturnUnits(core: SandboxCore, record: ReturnRecord): Record<string, unknown> {
	return { ...returnView(core, record), return_units: returnUnitsOf(core, record) };
}

export const operations: V2Operations = {
	InitiateReturn: (ctx) => created(withReturnUnits(ctx.core, openReturn(ctx.core, returnLines(ctx)))),

	UpdateReturn: (ctx) => {
		const { core } = ctx;
		const record = found(core.store.find('returns', param(ctx, 'id_return')), `Return ${param(ctx, 'id_return')}`);
		if (!OPEN_FOR_MORE_UNITS.includes(record.status)) {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Return ${record.id_return} is '${record.status}'; units can be added while it is 'return_requested' or 'label_generated'`,
			);
		}
		const orderUnit = firstOrderUnit(core, record);
		const lines = returnLines(ctx, orderUnit?.id_order);
		record.ts_updated = core.timestamp();
		addReturnUnits(core, record, lines);
		return created(withReturnUnits(core, record));
	},

	GetReturns: (ctx) => {
		const { core } = ctx;
		const view = (r: ReturnRecord) => returnView(core, r);
		const rows = where(
			core.store.db.returns,
			equals(text(ctx, 'storefront'), (r: ReturnRecord) => view(r).storefront),
			equals(text(ctx, 'tracking_code'), (r: ReturnRecord) => r.tracking_code),
			among(list(ctx, 'status'), (r: ReturnRecord) => r.status),
			among(list(ctx, 'fulfillment_type'), (r: ReturnRecord) => String(view(r).fulfillment_type)),
			since(ctx, 'ts_created_from_iso', (r: ReturnRecord) => r.ts_created),
			since(ctx, 'ts_updated_from_iso', (r: ReturnRecord) => r.ts_updated),
		);
		const sortKey =
			text(ctx, 'sort') === 'ts_updated:desc' ? (r: ReturnRecord) => r.ts_updated : (r: ReturnRecord) => r.ts_created;
		return page(ctx, newestFirst(rows, sortKey), view);
	},

	GetReturn: (ctx) => {
		const { core } = ctx;
		const record = found(core.store.find('returns', param(ctx, 'id_return')), `Return ${param(ctx, 'id_return')}`);
		const wanted = embedded(ctx);
		const view = returnView(core, record);
		if (wanted.has('buyer')) view.buyer = firstOrderUnit(core, record)?.buyer ?? null;
		if (wanted.has('return_units')) view.return_units = returnUnitsOf(core, record);
		return ok(view);
	},
};
