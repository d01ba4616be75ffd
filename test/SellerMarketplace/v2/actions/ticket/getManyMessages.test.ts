/** Ticket → Get Many Messages (node version 2), through n8n-core against the v2 sandbox. */
import { useTicketSandbox } from './setup';

const { v2, db } = useTicketSandbox();

describe('Ticket → Get Many Messages', () => {
	it('reads every ticket message oldest first, 30 a page', async () => {
		const run = await v2.run({
			operation: 'getManyMessages',
			returnAll: true,
			sort: { sortBy: 'ts_created_iso:asc' },
			filters: { createdFrom: '2001-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/tickets/messages', status: 200 });
		expect(v2.requests()[0].queryValues).toMatchObject({
			sort: ['ts_created_iso:asc'],
			ts_created_from_iso: ['2001-01-01T00:00:00Z'],
			limit: ['30'],
		});
		expect(run.items).toHaveLength(db().ticketMessages.length);
		const created = run.items.map((item) => String(item.json.ts_created_iso));
		expect(created).toEqual([...created].sort());
		expect(run.items[0].json).toEqual({
			id_ticket_message: expect.any(Number),
			id_ticket: expect.stringMatching(/^001\d+$/),
			author: { role: expect.any(String), name: expect.any(String) },
			text: expect.any(String),
			ts_created_iso: expect.stringMatching(/Z$/),
		});
	});
});
