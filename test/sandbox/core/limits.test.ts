/**
 * Issue 11 item 2: sizes and depths are bounded, every control input is checked, and the sandbox keeps
 * answering whatever it is sent.
 */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import { startSandbox } from '../../../sandbox';
import type { Sandbox } from '../../../sandbox';
import { rawRequest, TestClient, useV1Client } from '../v1/client';
import type { ApiResponse } from '../v1/client';

const MiB = 1024 * 1024;
const EAN = '4006380999998';
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Fails fast instead of waiting for the jest timeout when the sandbox stops answering. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
	return Promise.race([
		promise,
		new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
	]);
}

const nested = (depth: number) => '['.repeat(depth) + '"x"' + ']'.repeat(depth);

/** A body sent in chunks without Content-Length (Transfer-Encoding: chunked). */
function chunkedPost(url: string, chunk: Buffer, times: number): Promise<ApiResponse> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', headers: JSON_TYPE, agent: false }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (data: Buffer) => chunks.push(data));
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: JSON.parse(text) });
			});
		});
		request.on('error', reject);
		let sent = 0;
		const writeMore = () => {
			while (sent < times) {
				sent++;
				if (!request.write(chunk)) return void request.once('drain', writeMore);
			}
			request.end();
		};
		writeMore();
	});
}

describe('sandbox size and depth limits', () => {
	const { sandbox, api } = useV1Client();
	const control = (method: string, route: string, body?: string, headers: Record<string, string> = JSON_TYPE) =>
		within(10_000, rawRequest(sandbox().controlUrl + route, method, body === undefined ? {} : headers, body ?? ''));

	beforeEach(() => sandbox().control.reset());

	describe('request bodies', () => {
		it('answers 413 with a clear message to an API body over 10 MiB, and keeps answering', async () => {
			const body = JSON.stringify({ title: ['x'.repeat(11 * MiB)] });
			const response = await within(20_000, api().put(`/product-data/${EAN}/`, body));
			expect(response.status).toBe(413);
			expect(response.json.message).toMatch(/larger than 10 MiB/);
			expect(sandbox().control.db.productData.some((p) => p.ean === EAN)).toBe(false);
			const [entry] = sandbox().control.requests();
			expect(entry).toMatchObject({ method: 'PUT', path: `/product-data/${EAN}/`, status: 413, bodyTruncated: true });
			expect(entry.body.length).toBeLessThan(100_000);
			expect((await api().get('/status/ping/')).status).toBe(200);
		});

		it('answers 413 to a chunked control body over 10 MiB without Content-Length', async () => {
			const before = sandbox().control.db.orders.length;
			const response = await within(20_000, chunkedPost(`${sandbox().controlUrl}/orders`, Buffer.alloc(MiB, 0x20), 12));
			expect(response.status).toBe(413);
			expect(response.json.message).toMatch(/larger than 10 MiB/);
			expect(sandbox().control.db.orders.length).toBe(before);
			expect((await control('GET', '/')).status).toBe(200);
		});

		it('keeps only the first 64 KiB of a large body in the request log, marked as cut', async () => {
			const title = 'x'.repeat(3 * MiB);
			for (let i = 0; i < 3; i++) {
				expect((await api().put(`/product-data/${EAN}/`, { ean: [EAN], title: [title] })).status).toBe(201);
			}
			expect(sandbox().control.db.productData.find((p) => p.ean === EAN)?.data.title).toEqual([title]);
			const log = sandbox().control.requests();
			expect(log).toHaveLength(3);
			for (const entry of log) {
				expect(entry.bodyTruncated).toBe(true);
				expect(entry.bodyBytes).toBe(JSON.stringify({ ean: [EAN], title: [title] }).length);
				expect(entry.body.length).toBeLessThanOrEqual(64 * 1024 + 200);
				expect(entry.body).toMatch(/\[sandbox: body cut after 65536 of \d+ bytes\]$/);
				expect(entry.json).toBeUndefined();
			}
			const served = await control('GET', '/requests');
			expect(served.text.length).toBeLessThan(1 * MiB);
		});

		it('keeps small bodies whole, with their parsed JSON', async () => {
			await api().put(`/product-data/${EAN}/`, { ean: [EAN], title: ['Tee'] });
			const [entry] = sandbox().control.requests();
			expect(entry.bodyTruncated).toBeUndefined();
			expect(entry.json).toEqual({ ean: [EAN], title: ['Tee'] });
		});

		it('bounds the stored bodies of the whole log to 16 MiB, dropping the oldest entries', async () => {
			const title = 'y'.repeat(64 * 1024 - 100);
			for (let i = 0; i < 300; i++) await api().put(`/product-data/${EAN}/`, { ean: [EAN], title: [title] });
			const log = sandbox().control.requests();
			const stored = log.reduce((sum, entry) => sum + Buffer.byteLength(entry.body), 0);
			expect(stored).toBeLessThanOrEqual(16 * MiB);
			expect(log.length).toBeLessThan(300);
			expect(log[log.length - 1].seq - log[0].seq).toBe(log.length - 1);
			expect(log[log.length - 1].status).toBe(201);
		});
	});

	describe('JSON depth', () => {
		it('refuses an API body nested deeper than 32 levels, and the log endpoint still answers', async () => {
			const response = await within(5_000, api().put(`/product-data/${EAN}/`, `{"title":${nested(100_000)}}`));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(/nested deeper than 32/);
			const log = await control('GET', '/requests');
			expect(log.status).toBe(200);
			expect(log.json[0]).toMatchObject({ path: `/product-data/${EAN}/`, status: 400 });
			expect(log.json[0].json).toBeUndefined();
		});

		it('accepts 32 levels and refuses 33', async () => {
			expect((await api().put(`/product-data/${EAN}/`, `{"title":${nested(31)}}`)).status).toBe(201);
			expect((await api().put(`/product-data/${EAN}/`, `{"title":${nested(32)}}`)).status).toBe(400);
		});

		it('never stores a document too deep to save, so saving works', async () => {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-deep-'));
			const own = await startSandbox({ port: 0, dataDir: dir });
			try {
				const stored = await new TestClient(own).put(`/product-data/${EAN}/`, `{"title":${nested(20_000)}}`);
				expect(stored.status).toBe(400);
				const saved = await rawRequest(
					`${own.controlUrl}/save`,
					'POST',
					JSON_TYPE,
					JSON.stringify({ name: 'deep.json' }),
				);
				expect(saved.status).toBe(200);
				expect(fs.existsSync(path.join(dir, 'deep.json'))).toBe(true);
			} finally {
				await own.close();
				fs.rmSync(dir, { recursive: true, force: true });
			}
		});

		it('refuses a deep control body with 400', async () => {
			const response = await control('POST', '/orders', nested(50_000));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(/nested deeper than 32/);
		});
	});

	describe('clock advance', () => {
		it.each([
			['1e309', /finite/],
			['-1', /between 0 and/],
			['"60"', /number/],
			['null', /number/],
			[String(400 * 86400), /between 0 and 31622400/],
			['1e12', /between 0 and/],
		])('refuses seconds %s and leaves the clock alone', async (seconds, message) => {
			const before = sandbox().control.now();
			const response = await control('POST', '/advance', `{"seconds":${seconds}}`);
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(message);
			expect(sandbox().control.now()).toBeGreaterThanOrEqual(before);
			expect(sandbox().control.now()).toBeLessThan(before + 60_000);
			expect((await control('GET', '/')).json.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
		});

		it('refuses Infinity and NaN in-process too', async () => {
			await expect(sandbox().control.advance(Infinity)).rejects.toThrow(/finite/);
			await expect(sandbox().control.advance(NaN)).rejects.toThrow(/finite/);
			expect(Number.isFinite(sandbox().control.now())).toBe(true);
		});

		it('moves by a year at most per call', async () => {
			const before = sandbox().control.now();
			const response = await control('POST', '/advance', '{"seconds":31622400}');
			expect(response.status).toBe(200);
			expect(sandbox().control.now() - before).toBeGreaterThanOrEqual(31_622_400_000);
		});
	});

	describe('control inputs', () => {
		it.each([
			[{ units: [{ id_unit: 500001, quantity: 1e9 }] }, /quantity/],
			[{ units: [{ id_unit: 500001, quantity: 101 }] }, /quantity must be an integer from 1 to 100/],
			[{ units: [{ id_unit: 500001, quantity: 1.5 }] }, /quantity/],
			[{ units: [{ id_unit: 500001, quantity: '2' }] }, /quantity/],
			[{ units: [{ id_unit: 500001, quantity: 0 }] }, /quantity/],
			[{ units: Array.from({ length: 101 }, () => ({ id_unit: 500001 })) }, /units must have at most 100 entries/],
			[{ units: [] }, /units/],
			[{ units: 'all' }, /units/],
			[{ units: [{ id_unit: '500001' }] }, /id_unit/],
			[{ units: [{ id_unit: 500001, extra: 1 }] }, /extra/],
			[{ id_order: '../../x' }, /id_order/],
			[{ id_order: 'M'.repeat(100) }, /id_order/],
			[{ status: 'bogus' }, /status/],
			[{ fulfilledByMarketplace: 'yes' }, /fulfilledByMarketplace/],
			[{ colour: 'red' }, /colour/],
		])('refuses order options #%# with 400 naming the field', async (body, message) => {
			const before = sandbox().control.db.orderUnits.length;
			const response = await control('POST', '/orders', JSON.stringify(body));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(message);
			expect(sandbox().control.db.orderUnits.length).toBe(before);
		});

		it('refuses a non-object body', async () => {
			for (const body of ['[]', '"x"', '42', 'null']) expect((await control('POST', '/orders', body)).status).toBe(400);
		});

		it('accepts 100 of a unit', async () => {
			const response = await control(
				'POST',
				'/orders',
				JSON.stringify({ units: [{ id_unit: 500001, quantity: 100 }] }),
			);
			expect(response.status).toBe(201);
			expect(response.json.orderUnits).toHaveLength(100);
		});

		it.each([
			[{ collection: 'constructor', id: 1, status: 'x' }, /collection/],
			[{ collection: '__proto__', id: 1, status: 'x' }, /collection/],
			[{ collection: 'orderUnits', id: { a: 1 }, status: 'sent' }, /id/],
			[{ collection: 'orderUnits', id: 1000001, status: 7 }, /status/],
			[{ collection: 'orderUnits', id: 1000001, status: 'sent', more: true }, /more/],
		])('refuses the status move %j with 400', async (body, message) => {
			const response = await control('POST', '/status', JSON.stringify(body));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(message);
		});

		it.each([
			[{ event_name: 'order_new', resource: '/orders/X/', payload: 5 }, /payload/],
			[{ event_name: 'order_new', resource: `/orders/${'x'.repeat(3000)}/` }, /resource/],
			[{ event_name: 'order_new', resource: '/orders/X/', payload: 'p'.repeat(MiB + 1) }, /payload/],
			[{ event_name: 'constructor', resource: '/orders/X/' }, /event_name/],
			[{ event_name: 'order_new', resource: '/orders/X/', extra: 1 }, /extra/],
		])('refuses the event %#', async (body, message) => {
			const response = await control('POST', '/events', JSON.stringify(body));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(message);
		});

		it.each([
			[{ kind: 'status', status: 503, retryAfter: '1\r\nSet-Cookie: x=1' }, /retryAfter/],
			[{ kind: 'status', status: 503.5 }, /status/],
			[{ kind: 'status', status: 200 }, /status/],
			[{ kind: 'latency', latencyMs: 1e12 }, /latencyMs/],
			[{ kind: 'latency', latencyMs: 10, jitterMs: -1 }, /jitterMs/],
			[{ kind: 'reset', times: 1e12 }, /times/],
			[{ kind: 'reset', rate: 'half' }, /rate/],
			[{ kind: 'reset', method: 'GE T' }, /method/],
			[{ kind: 'reset', path: 7 }, /path/],
			[{ kind: 'constructor' }, /kind/],
			[{ kind: 'reset', colour: 'red' }, /colour/],
		])('refuses the fault %j with 400, and requests keep working', async (rule, message) => {
			const response = await control('POST', '/faults', JSON.stringify(rule));
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(message);
			expect(sandbox().control.requests()).toHaveLength(0);
			expect((await api().get('/status/ping/')).status).toBe(200);
		});

		it('refuses faults that would add up to more than a minute of latency per request', async () => {
			const add = () => control('POST', '/faults', JSON.stringify({ kind: 'latency', latencyMs: 30_000, jitterMs: 0 }));
			expect((await add()).status).toBe(201);
			expect((await add()).status).toBe(201);
			const third = await add();
			expect(third.status).toBe(400);
			expect(third.json.message).toMatch(/latency/);
		});
	});
});

describe('sandbox request log bound', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, requestLogLimit: 5 });
	});
	afterAll(() => sandbox.close());

	it('keeps the newest requestLogLimit entries', async () => {
		const api = new TestClient(sandbox);
		for (let i = 0; i < 8; i++) expect((await api.get('/status/ping/')).status).toBe(200);
		expect(sandbox.control.requests().map((entry) => entry.seq)).toEqual([4, 5, 6, 7, 8]);
	});
});
