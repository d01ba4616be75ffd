/** Ticket → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useTicketSandbox } from './setup';

const { v2, db, storefrontOfTicket } = useTicketSandbox();

describe('Ticket → Get Many', () => {
	it('sends one request per combination of the chosen values (one status, one reason each) and outputs the matching tickets once', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: {
				status: ['opened', 'seller_closed'],
				openReason: [
					'product_not_delivered',
					'product_defect',
					'contact_other',
					'product_return',
					'product_not_as_described',
				],
			},
			sort: { sortBy: 'ts_updated_iso:desc' },
		});

		expect(run.error).toBeUndefined();
		const combinations = v2.requests().map((request) => {
			expect(request).toMatchObject({ method: 'GET', path: '/tickets', status: 200 });
			expect(request.queryValues).toMatchObject({ storefront: ['de'], sort: ['ts_updated_iso:desc'], limit: ['30'] });
			expect(request.queryValues!.status).toHaveLength(1);
			expect(request.queryValues!.open_reason).toHaveLength(1);
			expectSigned(request, v2.credentials());
			return `${request.query.status}/${request.query.open_reason}`;
		});
		expect(new Set(combinations).size).toBe(10);
		const expected = db().tickets.filter(
			(t) => ['opened', 'seller_closed'].includes(t.status) && storefrontOfTicket(t) === 'de',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_ticket).sort()).toEqual(expected.map((t) => t.id_ticket).sort());
	});

	it('Return All reads pages of 30 until every ticket is read', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, storefront: 'all' });
		expect(run.error).toBeUndefined();
		expect(v2.requests().every((request) => request.query.limit === '30')).toBe(true);
		expect(run.items).toHaveLength(db().tickets.length);
	});

	it('refuses an unknown topic before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { topic: ['complaint'] } });
		expect(run.error?.message).toBe('"Topic" has an unknown value "complaint" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
