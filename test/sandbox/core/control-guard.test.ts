/**
 * Issue 11 item 1: a web page open in the user's browser (or a DNS-rebound host name) must not be able to
 * drive the sandbox, read its keys, or write files through the snapshot endpoint.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { startSandbox } from '../../../sandbox';
import type { Sandbox } from '../../../sandbox';
import { hmacHex, rawRequest, TestClient } from '../v1/client';

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('sandbox guard against browsers and foreign hosts', () => {
	let sandbox: Sandbox;
	let api: TestClient;
	let dataDir: string;
	let port: string;

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-data-'));
		sandbox = await startSandbox({ port: 0, dataDir });
		api = new TestClient(sandbox);
		port = new URL(sandbox.origin).port;
	});
	afterAll(async () => {
		await sandbox.close();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	beforeEach(() => sandbox.control.reset());

	const control = (method: string, route: string, headers: Record<string, string>, body = '') =>
		rawRequest(sandbox.controlUrl + route, method, headers, body);
	const orderCount = () => sandbox.control.db.orders.length;

	describe('Host header (DNS rebinding)', () => {
		it.each([
			'evil.example',
			'attacker.test:1234',
			'127.0.0.1.nip.io',
			'127.0.0.1.evil.example:1',
			'localhost.evil.example',
		])('refuses the control API under Host %p and never shows the keys', async (host) => {
			const hostHeader = host.includes(':') ? host : `${host}:${port}`;
			const response = await control('GET', '/', { Host: hostHeader });
			expect(response.status).toBe(403);
			expect(response.json.message).toMatch(/Host/);
			expect(response.text).not.toContain(sandbox.secretKey);
			expect(response.text).not.toContain(sandbox.clientKey);
		});

		it('refuses a correctly signed API request sent under a foreign Host, and logs nothing', async () => {
			const url = `http://evil.example:${port}/api/v1/status/ping/`;
			const timestamp = String(Math.floor(Date.now() / 1000));
			const response = await rawRequest(
				`${sandbox.baseUrl}/status/ping/`,
				'GET',
				{
					Host: `evil.example:${port}`,
					Accept: 'application/json',
					'HM-Client': sandbox.clientKey,
					'HM-Timestamp': timestamp,
					'HM-Signature': hmacHex(sandbox.secretKey, `GET\n${url}\n\n${timestamp}`),
				},
				'',
			);
			expect(response.status).toBe(403);
			expect(sandbox.control.requests()).toHaveLength(0);
		});

		it('answers a loopback name on another port: a local proxy in front of the sandbox, not a web page', async () => {
			const response = await control('GET', '/', { Host: '127.0.0.1:1' });
			expect(response.status).toBe(200);
		});

		it('refuses a loopback name with a cross-origin Origin, whatever the port', async () => {
			const response = await control('POST', '/reset', { Host: '127.0.0.1:1', Origin: 'http://127.0.0.1:1' });
			expect(response.status).toBe(403);
		});

		it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])(
			'answers the loopback name %p with the own port',
			async (name) => {
				const response = await control('GET', '/', { Host: `${name}:${port}` });
				expect(response.status).toBe(200);
				expect(response.json.clientKey).toBe(sandbox.clientKey);
				const ping = await api.get('/status/ping/');
				expect(ping.status).toBe(200);
			},
		);
	});

	describe('cross-origin requests from a web page', () => {
		it('refuses a fetch with a foreign Origin and creates no order', async () => {
			const before = orderCount();
			const response = await control('POST', '/orders', { ...JSON_TYPE, Origin: 'http://evil.example' }, '{}');
			expect(response.status).toBe(403);
			expect(response.json.message).toMatch(/Origin/);
			expect(response.headers['access-control-allow-origin']).toBeUndefined();
			expect(orderCount()).toBe(before);
		});

		it.each(['http://localhost:3000', 'null', `https://127.0.0.1:${'PORT'}`])('refuses Origin %p', async (origin) => {
			const response = await control('POST', '/reset', { Origin: origin.replace('PORT', port) });
			expect(response.status).toBe(403);
		});

		it('accepts the sandbox its own origin', async () => {
			const before = orderCount();
			const response = await control('POST', '/orders', { ...JSON_TYPE, Origin: sandbox.origin }, '{}');
			expect(response.status).toBe(201);
			expect(orderCount()).toBe(before + 1);
		});

		it('refuses Sec-Fetch-Site cross-site and same-site even without Origin', async () => {
			const faults = sandbox.control;
			for (const site of ['cross-site', 'same-site']) {
				const response = await control('DELETE', '/requests', { 'Sec-Fetch-Site': site });
				expect(response.status).toBe(403);
			}
			expect((await control('GET', '/faults', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
			expect((await control('GET', '/faults', { 'Sec-Fetch-Site': 'none' })).status).toBe(200);
			expect(faults.requests()).toHaveLength(0);
		});

		it('refuses a cross-origin API call from a page too', async () => {
			const response = await api.get('/status/ping/', { headers: { Origin: 'http://evil.example' } });
			expect(response.status).toBe(403);
		});

		it('never answers a CORS preflight positively', async () => {
			for (const target of [`${sandbox.controlUrl}/orders`, `${sandbox.baseUrl}/orders/seller/`]) {
				const response = await rawRequest(
					target,
					'OPTIONS',
					{
						Origin: 'http://evil.example',
						'Access-Control-Request-Method': 'POST',
						'Access-Control-Request-Headers': 'content-type',
					},
					'',
				);
				expect(response.status).toBe(403);
				expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
			}
		});
	});

	describe('content type of control requests', () => {
		it.each([
			['text/plain', '{}'],
			['application/x-www-form-urlencoded', 'units=1'],
			['multipart/form-data; boundary=x', '--x--'],
		])('refuses a "simple" %s post (no preflight in a browser) and creates no order', async (type, body) => {
			const before = orderCount();
			const response = await control('POST', '/orders', { 'Content-Type': type }, body);
			expect(response.status).toBe(415);
			expect(response.json.message).toMatch(/application\/json/);
			expect(orderCount()).toBe(before);
		});

		it('refuses a body without a content type', async () => {
			const response = await control('POST', '/advance', {}, '{"seconds":1}');
			expect(response.status).toBe(415);
		});

		it('refuses an empty form post to reset (no JSON type) and keeps the state', async () => {
			await sandbox.control.createOrder();
			const before = orderCount();
			const response = await control('POST', '/reset', { 'Content-Type': 'application/x-www-form-urlencoded' });
			expect(response.status).toBe(415);
			expect(orderCount()).toBe(before);
		});

		it('accepts application/json with a charset, and body-less requests', async () => {
			expect(
				(await control('POST', '/advance', { 'Content-Type': 'application/json; charset=utf-8' }, '{"seconds":1}'))
					.status,
			).toBe(200);
			expect((await control('POST', '/flush', {})).status).toBe(204);
		});
	});

	describe('snapshots stay inside the sandbox data folder', () => {
		const outside = () => path.join(os.tmpdir(), `sandbox-escape-${process.pid}.sh`);
		afterEach(() => fs.rmSync(outside(), { force: true }));

		it('refuses a path given over HTTP and writes nothing', async () => {
			const response = await control('POST', '/save', JSON_TYPE, JSON.stringify({ path: outside() }));
			expect(response.status).toBe(400);
			expect(fs.existsSync(outside())).toBe(false);
		});

		it.each([
			'../escape.json',
			'..',
			'a/b.json',
			'a\\b.json',
			'/etc/x.json',
			'state.sh',
			'state',
			'.json',
			'x.json.sh',
			`${'a'.repeat(200)}.json`,
			'nul\u0000.json',
		])('refuses the snapshot name %p', async (name) => {
			const response = await control('POST', '/save', JSON_TYPE, JSON.stringify({ name }));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(/name/);
			expect(fs.readdirSync(dataDir).filter((file) => !file.startsWith('.'))).toEqual([]);
			expect(fs.existsSync(path.join(path.dirname(dataDir), 'escape.json'))).toBe(false);
		});

		it('saves by name into the data folder and loads it back', async () => {
			const { order } = await sandbox.control.createOrder();
			const saved = await control('POST', '/save', JSON_TYPE, JSON.stringify({ name: 'before-test.json' }));
			const file = path.join(dataDir, 'before-test.json');
			expect(saved.status).toBe(200);
			expect(saved.json).toEqual({ file });
			expect(
				(JSON.parse(fs.readFileSync(file, 'utf8')) as { orders: Array<{ id_order: string }> }).orders.map(
					(o) => o.id_order,
				),
			).toContain(order.id_order);
			sandbox.control.reset();
			expect(sandbox.control.db.orders.some((o) => o.id_order === order.id_order)).toBe(false);
			const loaded = await control('POST', '/load', JSON_TYPE, JSON.stringify({ name: 'before-test.json' }));
			expect(loaded.status).toBe(204);
			expect(sandbox.control.db.orders.some((o) => o.id_order === order.id_order)).toBe(true);
			expect((await api.get(`/orders/${order.id_order}`)).status).toBe(200);
		});

		it('answers 404 for loading a snapshot that does not exist, and 400 for a foreign path', async () => {
			expect((await control('POST', '/load', JSON_TYPE, JSON.stringify({ name: 'missing.json' }))).status).toBe(404);
			expect((await control('POST', '/load', JSON_TYPE, JSON.stringify({ name: '../../etc/passwd' }))).status).toBe(
				400,
			);
		});

		it('needs a name when the sandbox was started without --snapshot', async () => {
			const response = await control('POST', '/save', JSON_TYPE, '{}');
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(/name/);
		});
	});
});

describe('sandbox snapshot file chosen at start-up', () => {
	it('still saves to and loads from the --snapshot file outside the data folder', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-snap-'));
		const file = path.join(dir, 'my-state.json');
		try {
			const first = await startSandbox({ port: 0, snapshotPath: file, dataDir: path.join(dir, 'data') });
			const { order } = await first.control.createOrder();
			const saved = await rawRequest(`${first.controlUrl}/save`, 'POST', JSON_TYPE, '{}');
			await first.close();
			expect(saved.status).toBe(200);
			expect(saved.json).toEqual({ file });
			const second = await startSandbox({ port: 0, snapshotPath: file });
			try {
				expect(second.control.db.orders.some((o) => o.id_order === order.id_order)).toBe(true);
			} finally {
				await second.close();
			}
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('sandbox host names allowed at start-up', () => {
	it('answers a host name given in allowedHosts (e.g. n8n in Docker), still with its own port only', async () => {
		const sandbox = await startSandbox({ port: 0, allowedHosts: ['host.docker.internal'] });
		try {
			const port = new URL(sandbox.origin).port;
			const call = (host: string) => rawRequest(`${sandbox.controlUrl}/`, 'GET', { Host: host }, '');
			expect((await call(`host.docker.internal:${port}`)).status).toBe(200);
			expect((await call(`HOST.DOCKER.INTERNAL:${port}`)).status).toBe(200);
			expect((await call('host.docker.internal:1')).status).toBe(403);
			expect((await call(`other.internal:${port}`)).status).toBe(403);
		} finally {
			await sandbox.close();
		}
	});

	it.each(['http://x.example', 'x.example:80', 'a b', ''])('refuses to start with allowedHosts %p', async (name) => {
		await expect(startSandbox({ port: 0, allowedHosts: [name] })).rejects.toThrow(/allowedHosts/);
	});
});
