/** API Status → Ping and Shipping Group → Get Many, run through n8n-core against the sandbox. */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// The seed has three shipping groups; a page cap of two makes Return All read more than one page.
	sandbox = await startStrictSandbox({ pageLimits: { '/shipping-groups/seller/': 2 } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();

describe('API Status → Ping', () => {
	it('sends a signed GET and outputs the answer', async () => {
		const run = await runSellerNode(credentials, { parameters: { resource: 'status', operation: 'ping' } });

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/status/ping/',
			query: {},
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ message: 'pong' }]);
	});

	it('reports wrong keys as a signature problem (401)', async () => {
		const run = await runSellerNode(
			{ ...credentials, secretKey: 'x'.repeat(64) },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ path: '/status/ping/', signatureValid: false, status: 401 });
		expect(run.error?.message).toBe(
			'Could not check the connection: the marketplace did not accept the signature (check the Client Key, the Secret Key and the clock of the machine running n8n)',
		);
	});
});

describe('Shipping Group → Get Many', () => {
	it('reads every page with Return All and outputs one item per shipping group', async () => {
		const groups = sandbox.control.db.shippingGroups;
		expect(groups.length).toBeGreaterThan(2);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'shippingGroup', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(2);
		for (const request of requests()) {
			expect(request).toMatchObject({
				method: 'GET',
				path: '/shipping-groups/seller/',
				signatureValid: true,
				status: 200,
			});
		}
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', '2']);
		expect(run.items.map((item) => item.json)).toEqual(groups.map((group) => ({ name: group.name })));
	});

	it('stops at the Limit', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'shippingGroup', operation: 'getMany', returnAll: false, limit: 1 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/shipping-groups/seller/',
			query: { limit: '1', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ name: sandbox.control.db.shippingGroups[0].name }]);
	});
});
