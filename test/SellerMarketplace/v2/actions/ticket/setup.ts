/**
 * Ticket (node version 2): Get Many, Get, Open, Close, Send Message (with files from binary data) and Get Many
 * Messages through n8n-core against the v2 sandbox: the request the sandbox received, the items output and the
 * state the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';
import type { Ticket } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export function useTicketSandbox() {
	const v2 = useSandboxV2({ orders: 60, strict: true }, 'ticket');
	const db = () => v2.sandbox().control.db;
	const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
	const storefrontOfTicket = (ticket: Ticket) =>
		db().orderUnits.find((u) => String(u.id_order_unit) === ticket.ids_order_unit[0])?._storefront ?? 'de';
	const openTicket = (): Ticket => {
		const ticket = db().tickets.find((candidate) => candidate.status === 'opened');
		if (!ticket) throw new Error('the seed has no open ticket');
		return ticket;
	};
	const ticketById = (id: string) => db().tickets.find((ticket) => ticket.id_ticket === id)!;
	const messagesOf = (id: string) => db().ticketMessages.filter((message) => message.id_ticket === id);
	return { v2, db, body, storefrontOfTicket, openTicket, ticketById, messagesOf };
}
