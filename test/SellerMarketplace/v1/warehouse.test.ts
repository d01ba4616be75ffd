/** Warehouse: Get Many, run through n8n-core against the sandbox. */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// The seed has two warehouses; a page cap of one makes Return All read more than one page.
	sandbox = await startStrictSandbox({ pageLimits: { '/warehouses/seller/': 1 } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const publicOf = <T extends object>(record: T) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));

describe('Warehouse → Get Many', () => {
	it('reads every page with Return All and outputs one item per warehouse', async () => {
		const warehouses = sandbox.control.db.warehouses;
		expect(warehouses.length).toBeGreaterThan(1);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'warehouse', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(warehouses.length);
		for (const request of requests()) {
			expect(request).toMatchObject({
				method: 'GET',
				path: '/warehouses/seller/',
				body: '',
				signatureValid: true,
				status: 200,
			});
		}
		expect(requests()[0].query).toEqual({ limit: '30', offset: '0' });
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(warehouses.map((_, index) => String(index)));
		expect(run.items.map((item) => item.json)).toEqual(warehouses.map(publicOf));
		expect(run.items.map((item) => item.pairedItem)).toEqual(warehouses.map(() => ({ item: 0 })));
	});

	it('stops at the Limit', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'warehouse', operation: 'getMany', returnAll: false, limit: 1 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/warehouses/seller/',
			query: { limit: '1', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicOf(sandbox.control.db.warehouses[0])]);
	});
});
