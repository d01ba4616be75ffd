/**
 * Order units: list, read, and the actions send, cancel, refund and fulfil.
 *
 * State rules (refusals use the statuses each operation declares: 403 for send, cancel and fulfil; refund
 * declares no 403, so it refuses with 400):
 *  - send: need_to_be_sent → sent; again on a sent unit: 403 duplicate-action; other statuses 403 action-not-allowed
 *  - cancel: open or need_to_be_sent → cancelled; on a cancelled unit 403 duplicate-action; else 403 cancel-not-allowed
 *  - fulfil: open → need_to_be_sent; on need_to_be_sent 403 duplicate-action; else 403 action-not-allowed
 *  - refund: need_to_be_sent, sent, received, sent_and_autopaid or returned; `amount` ≥ 1 cent and, with the earlier
 *    refunds, at most the price (400 validation-error on `amount` naming what is left)
 *  - marketplace-fulfilled units (fulfillment_type fulfilled_by_kaufland) can be read but not changed
 */
import { CARRIER_CODES } from '../../core/enums';
import type { OrderUnit } from '../../core/types';
import { among, equals, newestFirst, page, since, where } from '../collection';
import { embedded, found, list, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField, refused } from '../problems';
import {
	addRefund,
	CANCEL,
	markCancelled,
	markSent,
	REFUNDABLE,
	refundedSoFar,
	SEND,
	touchOrderUnit,
	trackingNumbers,
	type StatusMove,
} from '../../model/order-units';
import { storefrontOf } from '../../model/storefronts';
import { fulfillmentType, orderUnitDetailsView, orderUnitView } from '../views';

/** The unit an action changes; marketplace-fulfilled units refuse with `status`. */
function target(ctx: V2Context, refuseWith: 400 | 403): OrderUnit {
	const id = param(ctx, 'id_order_unit');
	const unit = found(ctx.core.store.find('orderUnits', id), `Order unit ${id}`);
	if (unit._fulfilled_by_marketplace) {
		throw refused(
			refuseWith,
			'/problems/action-not-allowed',
			`Order unit ${id} is fulfilled by the marketplace; the seller cannot change it`,
		);
	}
	return unit;
}

/** Refuses a move the unit's status does not allow; the caller then makes it. */
function checkMove(unit: OrderUnit, move: StatusMove, rule: { action: string; notAllowed: string }): void {
	const { id_order_unit: id, status } = unit;
	if (status === move.to) {
		throw refused(
			403,
			'/problems/duplicate-action',
			`Order unit ${id} is already '${status}'; it cannot be ${rule.action} again`,
		);
	}
	if (!move.from.includes(status)) {
		throw refused(
			403,
			rule.notAllowed,
			`Order unit ${id} is '${status}'; only units in ${move.from.map((s) => `'${s}'`).join(' or ')} can be ${rule.action}`,
		);
	}
}

/** API v2's fulfil (v1's confirms without a move). */
const FULFIL: StatusMove = { from: ['open'], to: 'need_to_be_sent' };

/** A carrier code of GET /carriers, or 400 on `field` with the code it was probably meant to be. */
export function carrierCode(code: string, field = 'carrier_code'): string {
	if ((CARRIER_CODES as readonly string[]).includes(code)) return code;
	const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
	const near = CARRIER_CODES.find((c) => squash(c) === squash(code));
	const hint = near ? ` (did you mean '${near}'? codes are case and space sensitive)` : '';
	throw invalidField(field, `'${code}' is not a carrier code of GET /carriers${hint}`);
}

export const operations: V2Operations = {
	GetOrderUnits: (ctx) => {
		const rows = where(
			ctx.core.store.db.orderUnits,
			equals(text(ctx, 'storefront'), storefrontOf),
			equals(text(ctx, 'id_offer'), (u: OrderUnit) => u.id_offer),
			among(list(ctx, 'status'), (u: OrderUnit) => u.status),
			among(list(ctx, 'fulfillment_type'), fulfillmentType),
			since(ctx, 'ts_created_from_iso', (u: OrderUnit) => u.ts_created),
			since(ctx, 'ts_updated_from_iso', (u: OrderUnit) => u.ts_updated),
		);
		const sortBy =
			text(ctx, 'sort') === 'ts_updated:desc' ? (u: OrderUnit) => u.ts_updated : (u: OrderUnit) => u.ts_created;
		return page(ctx, newestFirst(rows, sortBy), (unit) => orderUnitView(ctx.core, unit));
	},

	GetOrderUnit: (ctx) => {
		const id = param(ctx, 'id_order_unit');
		const unit = found(ctx.core.store.find('orderUnits', id), `Order unit ${id}`);
		return ok(orderUnitDetailsView(ctx.core, unit, embedded(ctx)));
	},

	SendOrderUnit: (ctx) => {
		const unit = target(ctx, 403);
		const body = ctx.body as { tracking_numbers: string; carrier_code: string };
		const carrier = carrierCode(body.carrier_code);
		const numbers = trackingNumbers(body.tracking_numbers);
		if (!numbers)
			throw invalidField(
				'tracking_numbers',
				'holds an empty tracking number; separate several numbers with single commas',
			);
		checkMove(unit, SEND, { action: 'sent', notAllowed: '/problems/action-not-allowed' });
		markSent(ctx.core, unit, { carrier_code: carrier, tracking_number: numbers.join(',') });
		return noContent();
	},

	CancelOrderUnit: (ctx) => {
		const unit = target(ctx, 403);
		const { reason } = ctx.body as { reason: string };
		checkMove(unit, CANCEL, { action: 'cancelled', notAllowed: '/problems/order-units/cancel-not-allowed' });
		markCancelled(ctx.core, unit, reason);
		return noContent();
	},

	FulfilOrderUnit: (ctx) => {
		const unit = target(ctx, 403);
		checkMove(unit, FULFIL, { action: 'marked for fulfilment', notAllowed: '/problems/action-not-allowed' });
		unit.status = FULFIL.to;
		unit._fulfilled_at = ctx.core.timestamp();
		touchOrderUnit(ctx.core, unit, true);
		return noContent();
	},

	RefundOrderUnit: (ctx) => {
		const unit = target(ctx, 400);
		const { amount, reason } = ctx.body as { amount: number; reason: string };
		if (amount < 1) throw invalidField('amount', `must be at least 1 (cents), got ${amount}`);
		if (!REFUNDABLE.includes(unit.status)) {
			throw refused(
				400,
				'/problems/action-not-allowed',
				`Order unit ${unit.id_order_unit} is '${unit.status}' and cannot be refunded`,
			);
		}
		const refunded = refundedSoFar(unit);
		if (refunded + amount > unit.price) {
			throw invalidField(
				'amount',
				`${amount} exceeds what is left of the price: price ${unit.price}, already refunded ${refunded}, at most ${unit.price - refunded}`,
			);
		}
		addRefund(ctx.core, unit, { amount, reason, path_form: 'hyphen', api: 'v2' });
		return noContent();
	},
};
