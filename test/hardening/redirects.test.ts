/**
 * Issue 11, item 6: a redirect from the API host to another host was followed with the HM- signature
 * headers, and the foreign answer was output as API data. Signed headers never leave the configured base
 * URL now: no redirect is followed, and a 3xx is an error that names where it pointed.
 */
import { startRecordingServer, type RecordingServer } from '../harness/recording-server';
import { runRequestProbe, runSellerNode, type SellerCredentials } from '../harness/workflow';

const secretKey = 'r'.repeat(64);
let api: RecordingServer;
let foreign: RecordingServer;
let credentials: SellerCredentials;

beforeAll(async () => {
	api = await startRecordingServer(secretKey);
	foreign = await startRecordingServer(secretKey);
	credentials = { clientKey: 'c'.repeat(32), secretKey, baseUrl: api.baseUrl };
	foreign.respondWith((_request, response) => {
		response.writeHead(200, { 'Content-Type': 'application/json' });
		response.end('{"id_order":"FORGED","message":"from another host"}');
	});
});
afterAll(async () => {
	await api.close();
	await foreign.close();
});
beforeEach(() => {
	api.requests.splice(0);
	foreign.requests.splice(0);
});

const foreignOrigin = () => new URL(foreign.baseUrl).origin;

function redirectTo(location: () => string, status = 302) {
	api.respondWith((_request, response) => {
		response.writeHead(status, { Location: location() });
		response.end();
	});
}

describe('the node', () => {
	it.each([301, 302, 303, 307, 308])(
		'%s to another host: nothing reaches it, and the error names the target',
		async (status) => {
			redirectTo(() => `${foreignOrigin()}/collect?from=api`, status);
			const run = await runSellerNode(credentials, {
				parameters: {
					resource: 'order',
					operation: 'get',
					orderId: { __rl: true, mode: 'id', value: 'MHRYPC1' },
					requestOptions: { maxRetries: 0 },
				},
			});
			expect(foreign.requests).toHaveLength(0);
			expect(api.requests).toHaveLength(1);
			expect(run.items).toHaveLength(0);
			expect(run.error?.message).toBe(
				`Could not get order MHRYPC1: the marketplace answered with a redirect (${status}), which was not followed`,
			);
			expect(run.error?.description).toContain(`<br>Request: GET /orders/MHRYPC1, answered ${status}`);
			expect(run.error?.description).toContain(`${foreignOrigin()}/collect`);
		},
	);

	it('a redirect within the API host is not followed either (the signature covers the URL asked for)', async () => {
		redirectTo(() => `${api.baseUrl}/orders/OTHER/`);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: { __rl: true, mode: 'id', value: 'MHRYPC1' } },
		});
		expect(api.requests).toHaveLength(1);
		expect(run.error?.message).toMatch(/with a redirect \(302\), which was not followed/);
	});

	it('a write that is redirected is not repeated anywhere', async () => {
		redirectTo(() => `${foreignOrigin()}/units/`, 307);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'delete', unitId: '151177892008' },
		});
		expect(foreign.requests).toHaveLength(0);
		expect(api.requests.map((request) => request.method)).toEqual(['DELETE']);
		expect(run.error?.message).toBe(
			'Could not delete unit 151177892008: the marketplace answered with a redirect (307), which was not followed',
		);
		expect(run.error?.description).toContain('<br>Request: DELETE /units/151177892008/, answered 307');
	});
});

describe('the credentials in any node (e.g. HTTP Request) never carry signed headers to a redirect target', () => {
	it.each(['httpRequest', 'legacyRequest'])('%s', async (mode) => {
		redirectTo(() => `${foreignOrigin()}/collect`);
		const run = await runRequestProbe(credentials, { mode, method: 'GET', url: `${api.baseUrl}/status/ping/` });
		expect(api.requests).toHaveLength(1);
		expect(api.requests[0].signatureValid).toBe(true);
		expect(
			foreign.requests.filter((request) => Object.keys(request.headers).some((name) => /^hm-/i.test(name))),
		).toEqual([]);
		expect(foreign.requests).toHaveLength(0);
		expect(run.json?.body).not.toEqual(expect.objectContaining({ id_order: 'FORGED' }));
	});
});
