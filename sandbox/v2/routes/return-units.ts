/**
 * Return units: GET /return-units, GET /return-units/{id}, and PATCH …/accept, …/reject, …/clarify, …/repair,
 * over the shared v1 return units. An action applies only to an open return unit (not yet accepted, rejected,
 * closed or in repair); repeating the status it already has is 403 duplicate-action, any other refusal 403
 * action-not-allowed. Reject and clarify take a message, which (as in v1) opens a claim with it.
 */
import type { ReturnUnit } from '../../core/types';
import { openClaimWithMessage } from '../../model/tickets';
import { among, equals, newestFirst, page, since, where } from '../collection';
import { embedded, found, list, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { refused } from '../problems';
import { orderUnitView, returnUnitView, ticketsOf, ticketView } from '../views';
import { returnView } from './returns';

const OPEN = ['need_to_be_returned', 'return_arrived', 'return_in_clarification'];

function returnUnitOf(ctx: V2Context): ReturnUnit {
	const id = param(ctx, 'id_return_unit');
	return found(ctx.core.store.find('returnUnits', id), `Return unit ${id}`);
}

function action(next: string): (ctx: V2Context) => ReturnType<typeof noContent> {
	return (ctx) => {
		const { core } = ctx;
		const unit = returnUnitOf(ctx);
		const orderUnit = core.store.find('orderUnits', unit.id_order_unit);
		if (orderUnit?._fulfilled_by_marketplace) {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Return unit ${unit.id_return_unit} is handled by the marketplace`,
			);
		}
		if (unit.status === next)
			throw refused(403, '/problems/duplicate-action', `Return unit ${unit.id_return_unit} is already '${next}'`);
		if (!OPEN.includes(unit.status)) {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Return unit ${unit.id_return_unit} is '${unit.status}' and cannot become '${next}'`,
			);
		}
		const message = (ctx.body as { message?: string } | undefined)?.message;
		if (message !== undefined) {
			if (message.trim() === '')
				throw refused(400, '/problems/validation-error', 'message must not be empty', 'message');
			if (orderUnit) unit._id_claim = openClaimWithMessage(core, orderUnit, message).id_claim;
		}
		unit.status = next;
		const record = core.store.find('returns', unit.id_return);
		if (record) record.ts_updated = core.timestamp();
		core.notifier.emit('return_unit_status_changed', `/return-units/${unit.id_return_unit}/`);
		return noContent();
	};
}

export const operations: V2Operations = {
	GetReturnUnits: (ctx) => {
		const { core } = ctx;
		const view = (u: ReturnUnit) => returnUnitView(core, u);
		const updated = (u: ReturnUnit) => core.store.find('returns', u.id_return)?.ts_updated ?? u.ts_created;
		const rows = where(
			core.store.db.returnUnits,
			equals(text(ctx, 'storefront'), (u: ReturnUnit) => view(u).storefront),
			among(list(ctx, 'status'), (u: ReturnUnit) => u.status),
			among(list(ctx, 'fulfillment_type'), (u: ReturnUnit) => String(view(u).fulfillment_type)),
			since(ctx, 'ts_created_from_iso', (u: ReturnUnit) => u.ts_created),
		);
		return page(ctx, newestFirst(rows, text(ctx, 'sort') === 'ts_updated:desc' ? updated : (u) => u.ts_created), view);
	},

	GetReturnUnit: (ctx) => {
		const { core } = ctx;
		const unit = returnUnitOf(ctx);
		const wanted = embedded(ctx);
		const orderUnit = core.store.find('orderUnits', unit.id_order_unit);
		const record = core.store.find('returns', unit.id_return);
		const view = { ...returnUnitView(core, unit), return: record ? returnView(core, record) : null } as Record<
			string,
			unknown
		>;
		if (wanted.has('order_unit') && orderUnit) view.order_unit = orderUnitView(core, orderUnit);
		if (wanted.has('tickets'))
			view.tickets = orderUnit ? ticketsOf(core, orderUnit).map((t) => ticketView(core, t)) : [];
		return ok(view);
	},

	AcceptReturnUnit: action('return_accepted'),
	RejectReturnUnit: action('return_rejected'),
	ClarifyReturnUnit: action('return_in_clarification'),
	RepairReturnUnit: action('return_in_repair'),
};
