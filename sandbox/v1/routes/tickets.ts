/** Tickets and ticket messages. */
import type { SandboxCore } from '../../core/sandbox-core';
import { MIME_TYPES, TICKET_REASONS } from '../../core/enums';
import { badRequest, conflict, unprocessable } from '../../core/errors';
import { filters, ListSpec, listReply, readEmbedded } from '../pagination';
import { created, noBody, noContent, noQuery, ok, route, Route, RouteContext } from '../router';
import { publicRecord, publicView } from '../../core/store';
import type { OrderUnit, Ticket } from '../../core/types';
import { ANSWERABLE, answerTicket, closeBySeller, insertTicket } from '../../model/tickets';
import {
	arrayOf,
	base64,
	boolean,
	Check,
	integer,
	nonEmptyString,
	object,
	oneOf,
	optional,
	parseBody,
} from '../../core/validate';
import { orderUnitsForRequest } from './order-unit-requests';

/** List spec of /ticket-messages/seller/ and /claim-messages/seller/. */
export function messageFilters<T extends { ts_created: string }>(): ListSpec<T> {
	return { filters: { timestamp_from: filters.since((m: T) => m.ts_created) } };
}

const ticketId: Check<string> = (value, field) => {
	if (typeof value !== 'string') {
		throw badRequest(
			`${field} must be a string (ticket ids are zero-padded, e.g. "0013163664"), got ${JSON.stringify(value)}`,
		);
	}
	return value;
};

function requireTicket(core: SandboxCore, id: string, status: 404 | 422): Ticket {
	const ticket = core.store.find('tickets', id);
	if (ticket) return ticket;
	if (status === 422) throw unprocessable(`Ticket ${id} not found`);
	return core.store.get('tickets', id, 'Ticket');
}

function ticketView(core: SandboxCore, ticket: Ticket, embedded: Set<string>) {
	const view = publicRecord(ticket);
	const orderUnits = ticket.ids_order_unit
		.map((id) => core.store.find('orderUnits', id))
		.filter((u): u is OrderUnit => u !== undefined);
	if (embedded.has('messages')) {
		view.messages = core.store.db.ticketMessages.filter((m) => m.id_ticket === ticket.id_ticket).map(publicView);
	}
	if (embedded.has('order_units')) view.order_units = orderUnits.map(publicView);
	if (embedded.has('buyer')) view.buyer = orderUnits[0]?.buyer ?? { id_buyer: ticket.id_buyer, email: '' };
	if (embedded.has('item')) view.item = orderUnits[0]?.item ?? null;
	if (embedded.has('files')) {
		view.files = core.store.db.ticketMessages.filter((m) => m.id_ticket === ticket.id_ticket).flatMap((m) => m.files);
	}
	return view;
}

function createTicket(ctx: RouteContext) {
	const { core } = ctx;
	const body = parseBody(ctx.body(), {
		id_order_unit: arrayOf(integer(1), { nonEmpty: true }),
		reason: oneOf(TICKET_REASONS, 'ticket reason'),
		message: nonEmptyString,
	});
	const ticket = insertTicket(core, orderUnitsForRequest(core, body.id_order_unit), body.reason, body.message);
	return created(`/tickets/${ticket.id_ticket}/`);
}

function postMessage(ctx: RouteContext) {
	const { core } = ctx;
	const body = parseBody(ctx.body(), {
		id_ticket: ticketId,
		text: nonEmptyString,
		interim_notice: optional(boolean),
		claim_message_files: optional(
			arrayOf(object({ filename: nonEmptyString, mime_type: oneOf(MIME_TYPES, 'mime type'), data: base64 })),
		),
	});
	const ticket = requireTicket(core, body.id_ticket, 422);
	if (!ANSWERABLE.includes(ticket.status)) throw conflict(`Ticket ${ticket.id_ticket} is '${ticket.status}'`);
	const message = answerTicket(core, ticket, body.text, body.interim_notice === true, body.claim_message_files ?? []);
	return created(`/ticket-messages/${message.id_ticket_message}/`);
}

function close(ctx: RouteContext) {
	const ticket = requireTicket(ctx.core, ctx.params.id, 404);
	noBody(ctx);
	if (!closeBySeller(ctx.core, ticket))
		throw conflict(`Ticket ${ticket.id_ticket} is '${ticket.status}' and cannot be closed by the seller`);
	return noContent();
}

export const ticketRoutes: Route[] = [
	route('GET', '/tickets/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.tickets,
			{
				filters: {
					status: filters.oneOf((t: Ticket) => t.status),
					open_reason: filters.oneOf((t: Ticket) => t.open_reason),
					topic: filters.oneOf((t: Ticket) => t.topic),
					id_buyer: filters.integer((t: Ticket) => t.id_buyer),
					'ts_created:from': filters.since((t: Ticket) => t.ts_created),
					'ts_updated:from': filters.since((t: Ticket) => t.ts_updated),
				},
				sortFields: ['ts_created', 'ts_updated', 'id_ticket', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			publicView,
		),
	),
	route('GET', '/tickets/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['messages', 'order_units', 'buyer', 'item', 'files']);
		return ok(ticketView(ctx.core, requireTicket(ctx.core, ctx.params.id, 404), embedded));
	}),
	route('POST', '/tickets/', createTicket),
	route('PATCH', ['/tickets/{id}/close/', '/ticket/{id}/close/'], close),
	route('POST', '/ticket-messages/', postMessage),
	route('GET', '/ticket-messages/seller/', (ctx) =>
		listReply(ctx, ctx.core.store.db.ticketMessages, messageFilters(), publicView),
	),
	route('GET', '/ticket-messages/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('ticketMessages', Number(ctx.params.id), 'Ticket message')));
	}),
];
