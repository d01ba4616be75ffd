/**
 * Tickets and claims (the tickets' deprecated predecessor): the state rules both APIs apply. Each API refuses in
 * its own words; the change itself is made here.
 */
import type { SandboxCore } from '../core/sandbox-core';
import { ticketIdFor } from '../core/seed';
import type { Claim, ClaimMessage, OrderUnit, Ticket, TicketMessage } from '../core/types';
import { downloadUrl } from './downloads';

/** Statuses in which the seller may still write. */
export const ANSWERABLE: readonly string[] = ['opened', 'buyer_closed'];

/** Status after the seller closes: the buyer may have closed already. */
const CLOSED_BY_SELLER: Record<string, string | undefined> = { opened: 'seller_closed', buyer_closed: 'both_closed' };

/** Closes a ticket or claim for the seller; false (nothing changed) when its status does not allow it. */
export function closeBySeller(core: SandboxCore, record: { status: string; ts_updated: string }): boolean {
	const next = Object.hasOwn(CLOSED_BY_SELLER, record.status) ? CLOSED_BY_SELLER[record.status] : undefined;
	if (!next) return false;
	record.status = next;
	record.ts_updated = core.timestamp();
	return true;
}

/**
 * Spec table: a seller message clears is_seller_responsible unless it is an interim notice,
 * which keeps it true.
 */
export function respondToMessage(
	core: SandboxCore,
	record: { is_seller_responsible: boolean; ts_updated: string },
	interimNotice: boolean,
): void {
	if (!interimNotice && record.is_seller_responsible) record.is_seller_responsible = false;
	record.ts_updated = core.timestamp();
}

/** A new open ticket on order units of one order, with the seller's first message. */
export function insertTicket(core: SandboxCore, units: OrderUnit[], reason: string, message: string): Ticket {
	const now = core.timestamp();
	const ticket = core.store.insert('tickets', {
		id_ticket: ticketIdFor(core.store.nextId('tickets', 13163664)),
		ids_order_unit: units.map((u) => String(u.id_order_unit)),
		id_buyer: units[0].buyer.id_buyer,
		ts_created: now,
		ts_updated: now,
		status: 'opened',
		open_reason: reason,
		topic: 'order_other_question',
		callback_phone: units[0].shipping_address.phone,
		is_seller_responsible: false,
	});
	insertMessage(core, ticket, message, false, []);
	return ticket;
}

export function insertMessage(
	core: SandboxCore,
	ticket: Ticket,
	text: string,
	interimNotice: boolean,
	files: Array<{ filename: string; mime_type: string }>,
): TicketMessage {
	const id = core.store.nextId('ticketMessages');
	const now = core.timestamp();
	return core.store.insert('ticketMessages', {
		id_ticket_message: id,
		id_ticket: ticket.id_ticket,
		author: { role: 'seller', name: 'Seller' },
		text,
		interim_notice: interimNotice,
		ts_created: now,
		files: files.map((f, i) => ({
			filename: f.filename,
			mime_type: f.mime_type,
			ts_created: now,
			uri: downloadUrl(core, `/ticket-files/${id}-${i}?key=${id.toString(16)}${i}`),
		})),
	});
}

/** The seller answers a ticket whose status the caller checked (ANSWERABLE). */
export function answerTicket(
	core: SandboxCore,
	ticket: Ticket,
	text: string,
	interimNotice: boolean,
	files: Array<{ filename: string; mime_type: string }>,
): TicketMessage {
	respondToMessage(core, ticket, interimNotice);
	return insertMessage(core, ticket, text, interimNotice, files);
}

export function addClaimMessage(core: SandboxCore, claim: Claim, text: string, interimNotice = false): ClaimMessage {
	respondToMessage(core, claim, interimNotice);
	return core.store.insert('claimMessages', {
		id_claim_message: core.store.nextId('claimMessages'),
		id_claim: claim.id_claim,
		author: { role: 'seller', name: 'Seller' },
		text,
		interim_notice: interimNotice,
		ts_created: core.timestamp(),
	});
}

/** Rejecting or clarifying a return unit: reuse the unit's open claim or open one, and post the text. */
export function openClaimWithMessage(core: SandboxCore, orderUnit: OrderUnit, text: string): Claim {
	let claim = core.store.db.claims.find((c) => c.id_order_unit === orderUnit.id_order_unit && c.status === 'opened');
	if (!claim) {
		const now = core.timestamp();
		claim = core.store.insert('claims', {
			id_claim: core.store.nextId('claims'),
			id_order_unit: orderUnit.id_order_unit,
			id_buyer: orderUnit.buyer.id_buyer,
			ts_created: now,
			ts_updated: now,
			status: 'opened',
			open_reason: 'product_return',
			callback_phone: orderUnit.shipping_address.phone,
			is_seller_responsible: true,
		});
	}
	addClaimMessage(core, claim, text);
	return claim;
}
