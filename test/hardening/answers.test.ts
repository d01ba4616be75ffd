/**
 * Issue 11, items 7 and 8: what the marketplace answers.
 * - A 2xx whose body is not JSON (a login page, a proxy's error page) was output as a string without error.
 * - `Retry-After: 3600` was cut to a 30 s wait and retried; now it is honoured within the retry budget, or
 *   the run fails at once saying how long the marketplace asked to wait.
 */
import type { ServerResponse } from 'node:http';

import { startRecordingServer, type RecordingServer } from '../harness/recording-server';
import { runSellerNode, type SellerCredentials } from '../harness/workflow';

const secretKey = 's'.repeat(64);
let server: RecordingServer;
let credentials: SellerCredentials;

beforeAll(async () => {
	server = await startRecordingServer(secretKey);
	credentials = { clientKey: 'k'.repeat(32), secretKey, baseUrl: server.baseUrl };
});
afterAll(async () => await server.close());
beforeEach(() => server.requests.splice(0));

const getOrder = { resource: 'order', operation: 'get', orderId: { __rl: true, mode: 'id', value: 'MHRYPC1' } };
const answer = (status: number, headers: Record<string, string>, body: string) => (response: ServerResponse) => {
	response.writeHead(status, headers);
	response.end(body);
};

describe('a success answer must be JSON (item 7)', () => {
	it.each([
		['an HTML login page', 200, 'text/html', '<html><body>Please log in</body></html>'],
		['plain text', 200, 'text/plain', 'OK'],
		['broken JSON', 200, 'application/json', '{"id_order": "MHRYPC1",'],
		['a JSON content type with HTML in it', 201, 'application/json', '<!doctype html>'],
	])('%s is an error, not output', async (_name, status, contentType, body) => {
		server.respondWith((_request, response) => answer(status, { 'Content-Type': contentType }, body)(response));
		const run = await runSellerNode(credentials, { parameters: getOrder });
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe(
			`Could not get order MHRYPC1: the marketplace answered with something that is not JSON (${status})`,
		);
		expect(run.error?.description).toContain(`<br>Request: GET /orders/MHRYPC1, answered ${status}`);
		expect(run.error?.description).toContain(`Content-Type: ${contentType}`);
	});

	it('an empty 204 is still a success', async () => {
		server.respondWith((_request, response) => answer(204, {}, '')(response));
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'close', ticketId: { __rl: true, mode: 'id', value: '0013163664' } },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_ticket: '0013163664' }]);
	});

	it('JSON is output as it came', async () => {
		server.respondWith((_request, response) =>
			answer(200, { 'Content-Type': 'application/json' }, '{"id_order":"MHRYPC1","units":[]}')(response),
		);
		const run = await runSellerNode(credentials, { parameters: getOrder });
		expect(run.items.map((item) => item.json)).toEqual([{ id_order: 'MHRYPC1', units: [] }]);
	});
});

describe('Retry-After (item 8)', () => {
	it('a wait beyond the retry budget fails at once and says how long the marketplace asked to wait', async () => {
		server.respondWith((_request, response) =>
			answer(429, { 'Content-Type': 'application/json', 'Retry-After': '3600' }, '{"message":"Slow down"}')(response),
		);
		const started = Date.now();
		const run = await runSellerNode(credentials, { parameters: getOrder });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(server.requests).toHaveLength(1);
		expect(run.error?.message).toBe("Could not get order MHRYPC1: the marketplace's rate limit was reached");
		expect(run.error?.description).toContain('The marketplace asked to wait 1 hour before the next request');
	}, 10_000);

	it('an HTTP-date far ahead is read the same way', async () => {
		const inTwoHours = new Date(Date.now() + 2 * 3600_000).toUTCString();
		server.respondWith((_request, response) => answer(503, { 'Retry-After': inTwoHours }, '')(response));
		const run = await runSellerNode(credentials, { parameters: getOrder });
		expect(server.requests).toHaveLength(1);
		expect(run.error?.description).toMatch(/asked to wait (1 hour 59 minutes|2 hours) before the next request/);
	}, 10_000);

	it('a wait within the budget is honoured in full, not shortened', async () => {
		let seen = 0;
		server.respondWith((_request, response) => {
			if (seen++ === 0) return answer(429, { 'Retry-After': '2' }, '')(response);
			answer(200, { 'Content-Type': 'application/json' }, '{"id_order":"MHRYPC1"}')(response);
		});
		const run = await runSellerNode(credentials, { parameters: getOrder });
		expect(run.error).toBeUndefined();
		const [first, second] = server.requests.map((request) => Number(request.headers['hm-timestamp']));
		expect(second - first).toBeGreaterThanOrEqual(2);
	}, 10_000);
});
