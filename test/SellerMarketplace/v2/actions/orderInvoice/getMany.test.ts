/** Order Invoice → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { useOrderInvoiceSandbox } from './setup';

const { v2, db } = useOrderInvoiceSandbox();

describe('Order Invoice → Get Many', () => {
	it('Get Many lists every invoice of all storefronts', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			filters: { createdFrom: '2001-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/order-invoices', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({
			ts_created_from_iso: ['2001-01-01T00:00:00Z'],
			limit: ['100'],
			offset: ['0'],
		});
		expect(run.items.map((item) => item.json.id_invoice).sort()).toEqual(
			db()
				.orderInvoices.map((i) => i.id_invoice)
				.sort(),
		);
		expect(run.items.every((item) => !('url' in item.json))).toBe(true);
	});
});
