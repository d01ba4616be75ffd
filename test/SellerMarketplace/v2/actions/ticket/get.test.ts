/** Ticket → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned, fromExpression } from '../../setup';
import { useTicketSandbox, byId } from './setup';

const { v2, openTicket } = useTicketSandbox();

describe('Ticket → Get', () => {
	it('reads one ticket with its messages, order units, buyer and product; the ID keeps its leading zeros', async () => {
		const ticket = openTicket();
		const run = await v2.run({ operation: 'get', ticketId: byId(ticket.id_ticket) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/tickets/${ticket.id_ticket}`, status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({
			id_ticket: ticket.id_ticket,
			status: 'opened',
			ids_order_units: ticket.ids_order_unit.map(Number),
			messages: expect.any(Array),
			order_units: [expect.objectContaining({ id_order_unit: Number(ticket.ids_order_unit[0]) })],
			buyer: { id_buyer: ticket.id_buyer, email: expect.any(String) },
		});
	});

	it.each(['13163664', '001abc', '0011/../2', ' '])('refuses the ticket ID %p before sending', async (id) => {
		const run = await v2.run({ operation: 'get', ticketId: fromExpression(id) });
		expect(run.error?.message).toMatch(
			/^"Ticket" (must be a ticket ID: 001 followed by digits|must be an ID such as|is required)/,
		);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
