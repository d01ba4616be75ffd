/**
 * Tickets: GET /tickets, GET /tickets/{id_ticket}, POST /tickets, PATCH /tickets/{id_ticket}/close,
 * POST /tickets/{id_ticket}/messages, GET /tickets/messages, over the shared v1 tickets and messages.
 * Closing and answering follow v1: the seller closes an open ticket (`seller_closed`, or `both_closed` after the
 * buyer); a ticket closed otherwise cannot be closed or answered (400, as neither operation declares 403).
 * Attachments must be data URIs (`data:<mime_type>;base64,...`, the OpenAPI's example) of an allowed type.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { MIME_TYPES } from '../../core/enums';
import type { OrderUnit, Ticket, TicketMessage } from '../../core/types';
import { among, equals, newestFirst, page, since, where } from '../collection';
import { found, list, noContent, ok, param, text, V2Context, V2Operations, V2Reply } from '../handler';
import { invalid, invalidField, Problem, refused, type ErrorDetail } from '../problems';
import { storefrontOf } from '../../model/storefronts';
import { ANSWERABLE, answerTicket, closeBySeller, insertTicket } from '../../model/tickets';
import { fulfillmentType, iso, orderUnitView, productView, ticketView } from '../views';

function ticketOf(ctx: V2Context): Ticket {
	const id = param(ctx, 'id_ticket');
	return found(ctx.core.store.find('tickets', id), `Ticket ${id}`);
}

function orderUnitsOf(core: SandboxCore, ticket: Ticket): OrderUnit[] {
	return ticket.ids_order_unit
		.map((id) => core.store.find('orderUnits', id))
		.filter((u): u is OrderUnit => u !== undefined);
}

function messageView(message: TicketMessage) {
	return {
		id_ticket_message: message.id_ticket_message,
		id_ticket: message.id_ticket,
		author: { ...message.author },
		text: message.text,
		ts_created_iso: iso(message.ts_created),
	};
}

function ticketDetailsView(core: SandboxCore, ticket: Ticket) {
	const units = orderUnitsOf(core, ticket);
	const messages = core.store.db.ticketMessages.filter((m) => m.id_ticket === ticket.id_ticket);
	const storefront = units[0] ? storefrontOf(units[0]) : 'de';
	return {
		...ticketView(core, ticket),
		messages: messages.map(messageView),
		order_units: units.map((u) => orderUnitView(core, u)),
		buyer: units[0] ? { ...units[0].buyer } : null,
		product: units[0] ? productView(core, units[0].item.id_item, storefront) : null,
		files: messages.flatMap((m) =>
			m.files.map((f) => ({ filename: f.filename, ts_created_iso: iso(f.ts_created), uri: f.uri })),
		),
		storefront,
	};
}

/** The order units a new ticket names: each the seller's own, all of one order. */
function orderUnitsForTicket(core: SandboxCore, ids: number[]): OrderUnit[] {
	const units = [...new Set(ids.map(String))].map((id) => found(core.store.find('orderUnits', id), `Order unit ${id}`));
	const marketplace = units.find((u) => u._fulfilled_by_marketplace);
	if (marketplace) {
		throw new Problem(
			403,
			'/problems/tickets/fbk-action-restriction',
			`Order unit ${marketplace.id_order_unit} is fulfilled by the marketplace`,
		);
	}
	if (new Set(units.map((u) => u.id_order)).size > 1)
		throw invalidField('id_order_unit', 'must name order units of one order');
	return units;
}

interface AttachmentBody {
	filename: string;
	mime_type: string;
	data: string;
}

const DATA_URI = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Every attachment's problems, by field; a data URI whose type differs from mime_type is refused. */
function checkAttachments(files: AttachmentBody[]): void {
	const errors: ErrorDetail[] = [];
	files.forEach((file, i) => {
		const field = `ticket_message_files[${i}]`;
		if (file.filename.trim() === '') errors.push({ field: `${field}.filename`, message: 'must not be empty' });
		if (!(MIME_TYPES as readonly string[]).includes(file.mime_type))
			errors.push({ field: `${field}.mime_type`, message: `'${file.mime_type}' is not an allowed file type` });
		const match = DATA_URI.exec(file.data);
		if (!match || match[2].length % 4 !== 0)
			errors.push({ field: `${field}.data`, message: 'must be a data URI: data:<mime_type>;base64,<data>' });
		else if (match[1] !== file.mime_type)
			errors.push({ field: `${field}.data`, message: `is of type ${match[1]}, but mime_type is ${file.mime_type}` });
	});
	if (errors.length) throw invalid(errors);
}

function refuseUnlessAnswerable(ticket: Ticket, action: string): void {
	if (ticket.status === 'customer_service_closed_final') {
		throw refused(
			400,
			'/problems/tickets/finally-closed',
			`Ticket ${ticket.id_ticket} is finally closed by customer service; it cannot be ${action}`,
		);
	}
}

export const operations: V2Operations = {
	GetTickets: (ctx) => {
		const { core } = ctx;
		const first = (t: Ticket) => orderUnitsOf(core, t)[0];
		const storefronts = list(ctx, 'storefront');
		const idBuyer = ctx.query.id_buyer as number | undefined;
		const rows = where(
			core.store.db.tickets,
			among(storefronts, (t: Ticket) => (first(t) ? storefrontOf(first(t)) : 'de')),
			among(list(ctx, 'status'), (t: Ticket) => t.status),
			among(list(ctx, 'open_reason'), (t: Ticket) => t.open_reason),
			among(list(ctx, 'topic'), (t: Ticket) => t.topic),
			among(list(ctx, 'fulfillment_type'), (t: Ticket) =>
				first(t) ? fulfillmentType(first(t)) : 'fulfilled_by_merchant',
			),
			equals(idBuyer, (t: Ticket) => t.id_buyer),
			since(ctx, 'ts_created_from_iso', (t: Ticket) => t.ts_created),
			since(ctx, 'ts_updated_from_iso', (t: Ticket) => t.ts_updated),
		);
		const byUpdate = text(ctx, 'sort') === 'ts_updated_iso:desc';
		return page(
			ctx,
			newestFirst(rows, (t) => (byUpdate ? t.ts_updated : t.ts_created)),
			(t) => ticketView(core, t),
		);
	},

	GetTicket: (ctx) => ok(ticketDetailsView(ctx.core, ticketOf(ctx))),

	OpenTicket: (ctx): V2Reply => {
		const { core } = ctx;
		const body = ctx.body as { id_order_unit: number[]; reason: string; message: string };
		if (body.message.trim() === '') throw invalidField('message', 'must not be blank');
		const units = orderUnitsForTicket(core, body.id_order_unit);
		const ticket = insertTicket(core, units, body.reason, body.message);
		return {
			status: 201,
			body: { data: { id_ticket: ticket.id_ticket } },
			headers: { Location: `/v2/tickets/${ticket.id_ticket}` },
		};
	},

	CloseTicket: (ctx) => {
		const ticket = ticketOf(ctx);
		refuseUnlessAnswerable(ticket, 'closed');
		if (!closeBySeller(ctx.core, ticket)) {
			throw refused(
				400,
				'/problems/tickets/non-closable-by-seller',
				`Ticket ${ticket.id_ticket} is '${ticket.status}' and cannot be closed by the seller`,
			);
		}
		return noContent();
	},

	CreateTicketMessage: (ctx): V2Reply => {
		const { core } = ctx;
		const ticket = ticketOf(ctx);
		const body = ctx.body as { text: string; interim_notice?: boolean; ticket_message_files?: AttachmentBody[] };
		if (body.text.trim() === '') throw invalidField('text', 'must not be blank');
		const files = body.ticket_message_files ?? [];
		checkAttachments(files);
		refuseUnlessAnswerable(ticket, 'answered');
		if (!ANSWERABLE.includes(ticket.status)) {
			throw refused(
				400,
				'/problems/action-not-allowed',
				`Ticket ${ticket.id_ticket} is '${ticket.status}'; it cannot be answered`,
			);
		}
		answerTicket(core, ticket, body.text, body.interim_notice === true, files);
		return { status: 201 };
	},

	GetTicketMessages: (ctx) => {
		const { core } = ctx;
		const fulfilment = (m: TicketMessage) => {
			const ticket = core.store.find('tickets', m.id_ticket);
			const unit = ticket && orderUnitsOf(core, ticket)[0];
			return unit ? fulfillmentType(unit) : 'fulfilled_by_merchant';
		};
		const rows = newestFirst(
			where(
				core.store.db.ticketMessages,
				among(list(ctx, 'fulfillment_type'), fulfilment),
				since(ctx, 'ts_created_from_iso', (m: TicketMessage) => m.ts_created),
			),
			(m) => m.ts_created,
		);
		return page(ctx, text(ctx, 'sort') === 'ts_created_iso:asc' ? rows.reverse() : rows, messageView);
	},
};
