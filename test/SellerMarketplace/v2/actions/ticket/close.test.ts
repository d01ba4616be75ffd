/** Ticket → Close (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useTicketSandbox, byId } from './setup';

const { v2, db, openTicket, ticketById } = useTicketSandbox();

describe('Ticket → Close', () => {
	it('closes an open ticket: PATCH without a body; the ticket is seller_closed', async () => {
		const ticket = openTicket();
		const run = await v2.run({ operation: 'close', ticketId: byId(ticket.id_ticket) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/tickets/${ticket.id_ticket}/close`,
			status: 204,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_ticket: ticket.id_ticket }]);
		expect(ticketById(ticket.id_ticket).status).toBe('seller_closed');
	});

	it('closing a ticket the seller closed already: the refusal is shown', async () => {
		const ticket = db().tickets.find((t) => t.status === 'seller_closed')!;
		const run = await v2.run({ operation: 'close', ticketId: byId(ticket.id_ticket) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toContain('cannot be closed by the seller');
	});
});
