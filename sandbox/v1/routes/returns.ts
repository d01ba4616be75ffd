/** Returns and return units. */
import type { SandboxCore } from '../../core/sandbox-core';
import { RETURN_REASONS } from '../../core/enums';
import { conflict } from '../../core/errors';
import { filters, listReply, readEmbedded } from '../pagination';
import { created, intParam, noBody, noContent, noQuery, ok, route, Route, RouteContext } from '../router';
import { publicRecord, publicView } from '../../core/store';
import type { ReturnRecord, ReturnUnit } from '../../core/types';
import { arrayOf, integer, minLength, nonEmptyString, oneOf, parseBody } from '../../core/validate';
import { openClaimWithMessage } from '../../model/tickets';
import { openReturn, RETURNABLE, returnOf } from '../../model/returns';
import { orderUnitsForRequest } from './order-unit-requests';

function returnView(core: SandboxCore, record: ReturnRecord, embedded: Set<string>) {
	const view = publicRecord(record);
	if (embedded.has('units'))
		view.units = core.store.db.returnUnits.filter((u) => u.id_return === record.id_return).map(publicView);
	if (embedded.has('buyer')) {
		const first = core.store.db.returnUnits.find((u) => u.id_return === record.id_return);
		const orderUnit = first && core.store.find('orderUnits', first.id_order_unit);
		view.buyer = orderUnit?.buyer ?? { id_buyer: record._id_buyer, email: '' };
	}
	return view;
}

function returnUnitView(core: SandboxCore, unit: ReturnUnit, embedded: Set<string>) {
	const view = publicRecord(unit);
	const orderUnit = core.store.find('orderUnits', unit.id_order_unit);
	if (embedded.has('item')) view.item = orderUnit?.item ?? null;
	if (embedded.has('return')) view.return = publicView(core.store.find('returns', unit.id_return) ?? null);
	if (embedded.has('order_unit')) view.order_unit = orderUnit ? publicView(orderUnit) : null;
	if (embedded.has('claim'))
		view.claim = unit._id_claim ? publicView(core.store.find('claims', unit._id_claim) ?? null) : null;
	if (embedded.has('tickets')) {
		view.tickets = core.store.db.tickets
			.filter((t) => t.ids_order_unit.includes(String(unit.id_order_unit)))
			.map(publicView);
	}
	return view;
}

function createReturn(ctx: RouteContext) {
	const { core } = ctx;
	const body = parseBody(ctx.body(), {
		id_order_unit: arrayOf(integer(1), { nonEmpty: true }),
		reason: oneOf(RETURN_REASONS, 'return reason'),
		note: minLength(5),
	});
	const units = orderUnitsForRequest(core, body.id_order_unit);
	for (const unit of units) {
		if (!RETURNABLE.includes(unit.status)) {
			throw conflict(
				`Order unit ${unit.id_order_unit} is '${unit.status}'; only sent or received units can be returned`,
			);
		}
		if (returnOf(core, unit)) throw conflict(`Order unit ${unit.id_order_unit} is already part of a return`);
	}
	const record = openReturn(
		core,
		units.map((unit) => ({ unit, reason: body.reason, note: body.note })),
	);
	const id = record.id_return;
	return created(`/returns/${id}/`, returnView(core, record, new Set(['units'])));
}

const OPEN_RETURN_UNIT = ['need_to_be_returned', 'return_arrived', 'return_in_clarification'];

/** accept / reject / repair / clarify; reject and clarify also open a claim with the message. */
function returnUnitAction(next: string, withMessage: boolean) {
	return (ctx: RouteContext) => {
		const { core } = ctx;
		const unit = core.store.get('returnUnits', intParam(ctx), 'Return unit');
		let message: string | undefined;
		if (withMessage) message = parseBody(ctx.body(), { message: nonEmptyString }).message;
		else noBody(ctx);
		if (!OPEN_RETURN_UNIT.includes(unit.status) || unit.status === next) {
			throw conflict(`Return unit ${unit.id_return_unit} is '${unit.status}' and cannot become '${next}'`);
		}
		if (message !== undefined) {
			const orderUnit = core.store.get('orderUnits', unit.id_order_unit, 'Order unit');
			unit._id_claim = openClaimWithMessage(core, orderUnit, message).id_claim;
		}
		unit.status = next;
		const record = core.store.find('returns', unit.id_return);
		if (record) record.ts_updated = core.timestamp();
		core.notifier.emit('return_unit_status_changed', `/return-units/${unit.id_return_unit}/`);
		return noContent();
	};
}

export const returnRoutes: Route[] = [
	route('POST', ['/returns', '/returns/'], createReturn),
	route('GET', '/returns/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.returns,
			{
				filters: {
					status: filters.oneOf((r: ReturnRecord) => r.status),
					tracking_code: filters.oneOf((r: ReturnRecord) => r.tracking_code),
					'ts_created:from': filters.since((r: ReturnRecord) => r.ts_created),
					'ts_updated:from': filters.since((r: ReturnRecord) => r.ts_updated),
				},
				sortFields: ['ts_created', 'ts_updated', 'id_return', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			publicView,
		),
	),
	route('GET', '/returns/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['units', 'buyer']);
		return ok(returnView(ctx.core, ctx.core.store.get('returns', intParam(ctx), 'Return'), embedded));
	}),
	route('GET', '/return-units/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.returnUnits,
			{
				filters: {
					status: filters.oneOf((u: ReturnUnit) => u.status),
					'ts_created:from': filters.since((u: ReturnUnit) => u.ts_created),
				},
				sortFields: ['ts_created', 'id_return_unit', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			publicView,
		),
	),
	route('GET', '/return-units/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['item', 'return', 'order_unit', 'claim', 'tickets']);
		return ok(returnUnitView(ctx.core, ctx.core.store.get('returnUnits', intParam(ctx), 'Return unit'), embedded));
	}),
	route('PATCH', '/return-units/{id}/accept/', returnUnitAction('return_accepted', false)),
	route('PATCH', '/return-units/{id}/reject/', returnUnitAction('return_rejected', true)),
	route('PATCH', '/return-units/{id}/repair/', returnUnitAction('return_in_repair', false)),
	route('PATCH', '/return-units/{id}/clarify/', returnUnitAction('return_in_clarification', true)),
];
