/**
 * Order units: the state rules API v1, API v2 and order command files all apply. Each caller checks a move
 * against these rules and refuses in its own API's words; the change itself is made here.
 */
import type { SandboxCore } from '../core/sandbox-core';
import type { OrderUnit, Refund } from '../core/types';

/** A status move: the statuses it starts from and the one it ends in. */
export interface StatusMove {
	from: readonly string[];
	to: string;
}

export const SEND: StatusMove = { from: ['need_to_be_sent'], to: 'sent' };
export const CANCEL: StatusMove = { from: ['open', 'need_to_be_sent'], to: 'cancelled' };

/** The statuses of an order unit that can be refunded. */
export const REFUNDABLE: readonly string[] = ['need_to_be_sent', 'sent', 'received', 'sent_and_autopaid', 'returned'];

/** Several tracking numbers as one comma-separated text; undefined when one of them is empty. */
export function trackingNumbers(text: string): string[] | undefined {
	const numbers = text.split(',').map((n) => n.trim());
	return numbers.some((n) => n === '') ? undefined : numbers;
}

/** Marks a change of an order unit: timestamps, and the order_unit_status_changed event when its status moved. */
export function touchOrderUnit(core: SandboxCore, unit: OrderUnit, statusChanged: boolean): void {
	const now = core.timestamp();
	unit.ts_updated = now;
	const order = core.store.find('orders', unit.id_order);
	if (order) order.ts_units_updated = now;
	if (statusChanged) core.notifier.emit('order_unit_status_changed', `/order-units/${unit.id_order_unit}/`);
}

/** Sends a unit the caller checked against SEND. */
export function markSent(
	core: SandboxCore,
	unit: OrderUnit,
	shipment: { carrier_code: string; tracking_number: string; source_country?: string },
): void {
	unit.status = SEND.to;
	unit._shipment = { ...shipment, ts: core.timestamp() };
	// a unit is credited once, at its first sending
	unit._booked_at ??= unit._shipment.ts;
	touchOrderUnit(core, unit, true);
}

/** Cancels a unit the caller checked against CANCEL. */
export function markCancelled(core: SandboxCore, unit: OrderUnit, reason: string): void {
	unit.status = CANCEL.to;
	unit.cancel_reason = reason;
	touchOrderUnit(core, unit, true);
}

/** What is refunded of a unit's price so far, in cents. */
export function refundedSoFar(unit: OrderUnit): number {
	return unit._refunds.reduce((sum, r) => sum + r.amount, 0);
}

/** Records a refund the caller checked (REFUNDABLE, at most what is left of the price). */
export function addRefund(core: SandboxCore, unit: OrderUnit, refund: Omit<Refund, 'ts'>): void {
	unit._refunds.push({ ...refund, ts: core.timestamp() });
	touchOrderUnit(core, unit, false);
}
