/** The seller's inventory units (offers). */
import type { SandboxCore } from '../../core/sandbox-core';
import { badRequest } from '../../core/errors';
import { filters, listReply, readEmbedded } from '../pagination';
import { created, intParam, noContent, noQuery, ok, route, Route, RouteContext, useAlias } from '../router';
import { publicRecord, publicView } from '../../core/store';
import type { Unit } from '../../core/types';
import { parseBody } from '../../core/validate';
import { applyFields, stockEvents, unitFields, upsertUnit } from '../../model/units';

export function unitView(core: SandboxCore, unit: Unit, embedded: Set<string>) {
	const view = publicRecord(unit);
	if (embedded.has('item')) view.item = publicView(core.store.find('items', unit.id_item) ?? null);
	return view;
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
			throw badRequest(
				`${field} cannot be changed (is ${JSON.stringify(current)}); delete the unit and create a new one`,
			);
		}
	}
	// the spec's PATCH body is the create body without id_item and id_offer
	const unchangeable = (['id_item', 'id_offer'] as const).filter((field) => body[field] !== undefined);
	if (unchangeable.length > 0) {
		useAlias(
			ctx,
			`PATCH body with ${unchangeable.join(', ')}`,
			`${unchangeable.join(' and ')} cannot be sent in PATCH /units/{id}/ (they cannot be changed)`,
		);
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
