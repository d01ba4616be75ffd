/** Orders and order units: reads, send, fulfil, cancel, refund. */
import type { SandboxCore } from '../../core/sandbox-core';
import { CANCEL_REASONS, CARRIER_CODES, REFUND_REASONS } from '../../core/enums';
import { badRequest, conflict, forbidden, unprocessable } from '../../core/errors';
import { filters, listReply, readEmbedded } from '../pagination';
import { intParam, noBody, noContent, noQuery, ok, route, Route, RouteContext } from '../router';
import { publicView } from '../../core/store';
import type { Order, OrderUnit } from '../../core/types';
import { integer, nonEmptyString, oneOf, optional, parseBody, string } from '../../core/validate';
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
} from '../../model/order-units';

const visible = (row: { _fulfilled_by_marketplace: boolean }) => !row._fulfilled_by_marketplace;

function requireOrder(core: SandboxCore, id: string): Order {
	const order = core.store.get('orders', id, 'Order');
	if (order._fulfilled_by_marketplace) {
		throw forbidden(`Order ${id} is fulfilled by the marketplace; API v1 cannot read or change it`);
	}
	return order;
}

export function requireOrderUnit(core: SandboxCore, id: number): OrderUnit {
	const unit = core.store.get('orderUnits', id, 'Order unit');
	if (unit._fulfilled_by_marketplace) {
		throw forbidden(`Order unit ${id} is fulfilled by the marketplace; API v1 cannot read or change it`);
	}
	return unit;
}

export function orderUnitsOf(core: SandboxCore, idOrder: string): OrderUnit[] {
	return core.store.db.orderUnits.filter((u) => u.id_order === idOrder);
}

export function orderUnitView(core: SandboxCore, unit: OrderUnit, embedded: Set<string> = new Set()) {
	const claims = core.store.db.claims.filter((c) => c.id_order_unit === unit.id_order_unit);
	const view: Record<string, unknown> = {
		...publicView(unit),
		claim: claims.length > 0 ? publicView(claims[claims.length - 1]) : null,
	};
	if (embedded.has('tickets')) {
		view.tickets = core.store.db.tickets
			.filter((t) => t.ids_order_unit.includes(String(unit.id_order_unit)))
			.map(publicView);
	}
	if (embedded.has('return_unit')) {
		const returnUnit = core.store.db.returnUnits.find((r) => r.id_order_unit === unit.id_order_unit);
		view.return_unit = returnUnit ? publicView(returnUnit) : null;
	}
	if (embedded.has('delivery_attempt_timestamp')) view.delivery_attempt_timestamp = unit._shipment?.ts ?? null;
	return view;
}

function orderListView(order: Order) {
	const { id_order, seller_units_count, ts_created, ts_units_updated, is_marketplace_deemed_supplier } = order;
	return { id_order, seller_units_count, ts_created, ts_units_updated, is_marketplace_deemed_supplier };
}

function requireStatus(unit: OrderUnit, allowed: readonly string[], action: string): void {
	if (!allowed.includes(unit.status)) {
		throw conflict(
			`Order unit ${unit.id_order_unit} is '${unit.status}'; only units in ${allowed.map((s) => `'${s}'`).join(' or ')} can be ${action}`,
		);
	}
}

function send(ctx: RouteContext) {
	const unit = requireOrderUnit(ctx.core, intParam(ctx));
	const body = parseBody(ctx.body(), {
		carrier_code: oneOf(CARRIER_CODES, 'carrier code'),
		tracking_number: nonEmptyString,
		source_country: optional(string),
	});
	const numbers = trackingNumbers(body.tracking_number);
	if (!numbers) throw badRequest('tracking_number holds an empty number; separate several numbers with single commas');
	requireStatus(unit, SEND.from, 'sent');
	markSent(ctx.core, unit, {
		carrier_code: body.carrier_code,
		tracking_number: numbers.join(','),
		...(body.source_country !== undefined && { source_country: body.source_country }),
	});
	return noContent();
}

function fulfil(ctx: RouteContext) {
	const unit = requireOrderUnit(ctx.core, intParam(ctx));
	noBody(ctx);
	requireStatus(unit, ['need_to_be_sent', 'sent'], 'confirmed as fulfilled');
	if (unit._fulfilled_at)
		throw conflict(`Order unit ${unit.id_order_unit} was already confirmed as fulfilled at ${unit._fulfilled_at}`);
	unit._fulfilled_at = ctx.core.timestamp();
	touchOrderUnit(ctx.core, unit, false);
	return noContent();
}

function cancel(ctx: RouteContext) {
	const unit = requireOrderUnit(ctx.core, intParam(ctx));
	const { reason } = parseBody(ctx.body(), { reason: oneOf(CANCEL_REASONS, 'cancel reason') });
	requireStatus(unit, CANCEL.from, 'cancelled');
	markCancelled(ctx.core, unit, reason);
	return noContent();
}

function refund(ctx: RouteContext) {
	const pathForm = ctx.template.startsWith('/order_units/') ? 'underscore' : 'hyphen';
	ctx.entry.refundPathForm = pathForm;
	const unit = requireOrderUnit(ctx.core, intParam(ctx));
	const { amount, reason } = parseBody(ctx.body(), {
		amount: integer(1),
		reason: oneOf(REFUND_REASONS, 'refund reason'),
	});
	requireStatus(unit, REFUNDABLE, 'refunded');
	const refunded = refundedSoFar(unit);
	if (refunded + amount > unit.price) {
		throw unprocessable(
			`Refund of ${amount} cents exceeds what is left of the price: price ${unit.price}, already refunded ${refunded}, at most ${unit.price - refunded}`,
		);
	}
	addRefund(ctx.core, unit, { amount, reason, path_form: pathForm });
	return noContent();
}

export const orderRoutes: Route[] = [
	route('GET', '/orders/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.orders,
			{
				where: visible,
				filters: {
					'ts_created:from': filters.since((o: Order) => o.ts_created),
					'ts_units_updated:from': filters.since((o: Order) => o.ts_units_updated),
				},
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			orderListView,
		),
	),
	route('GET', ['/orders/{id}', '/orders/{id}/'], (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, [
			'billing_address',
			'buyer',
			'seller_units',
			'shipping_address',
			'order_invoices',
		]);
		const order = requireOrder(ctx.core, ctx.params.id);
		const units = orderUnitsOf(ctx.core, order.id_order).map((u) => orderUnitView(ctx.core, u));
		const view: Record<string, unknown> = { ...orderListView(order), order_units: units };
		if (embedded.has('seller_units')) view.seller_units = units;
		for (const field of ['billing_address', 'buyer', 'shipping_address'] as const) {
			if (embedded.has(field)) view[field] = order[field];
		}
		if (embedded.has('order_invoices')) {
			view.order_invoices = ctx.core.store.db.orderInvoices
				.filter((i) => i.id_order === order.id_order)
				.map(publicView);
		}
		return ok(view);
	}),
	route('GET', '/order-units/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.orderUnits,
			{
				where: visible,
				filters: {
					status: filters.oneOf((u: OrderUnit) => u.status),
					id_offer: filters.oneOf((u: OrderUnit) => u.id_offer),
					'ts_created:from': filters.since((u: OrderUnit) => u.ts_created),
					'ts_updated:from': filters.since((u: OrderUnit) => u.ts_updated),
				},
				sortFields: ['ts_created', 'ts_updated', 'id_order_unit', 'price', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			(unit) => orderUnitView(ctx.core, unit),
		),
	),
	route('GET', '/order-units/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['tickets', 'return_unit', 'delivery_attempt_timestamp']);
		return ok(orderUnitView(ctx.core, requireOrderUnit(ctx.core, intParam(ctx)), embedded));
	}),
	route('PATCH', '/order-units/{id}/send/', send),
	route('PATCH', '/order-units/{id}/fulfil/', fulfil),
	route('PATCH', '/order-units/{id}/cancel/', cancel),
	route('PATCH', ['/order_units/{id}/refund/', '/order-units/{id}/refund/'], refund),
];
