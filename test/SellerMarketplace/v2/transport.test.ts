/**
 * The v2 request path as a seller meets it: retries and their limits, Return All under failures, the rate limit
 * of 111 requests a second, and the error answers of API v2 (problem shape, bare messages, HTML, broken
 * envelopes) — through n8n-core against the v2 sandbox, and a recording server for answers the sandbox never gives.
 */
import type { ServerResponse } from 'node:http';

import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { startFaultProxy, type FaultProxy } from '../../hardening/proxy';
import { startRecordingServer, V2_RECORDING, type RecordingServer } from '../../harness/recording-server';
import { runSellerNodeV2, type SellerCredentialsV2 } from '../../harness/workflow';
import { useSandboxV2 } from './setup';
import { budget } from '../../budget';

const v2 = useSandboxV2({ orders: 120 });
const merchantUnits = () => v2.sandbox().control.db.orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);

describe('retries', () => {
	it('a 429 with Retry-After is waited out and retried; Return All still outputs every record once', async () => {
		v2.sandbox().control.addFault({
			method: 'GET',
			path: '/v2/order-units',
			kind: 'status',
			status: 429,
			retryAfter: '1',
			times: 1,
		});
		const started = Date.now();
		const run = await v2.run({ resource: 'orderUnit', operation: 'getMany', returnAll: true, storefront: 'all' });
		expect(run.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		const [refused, ...rest] = v2.requests();
		expect(refused).toMatchObject({ status: 429, query: { offset: '0' } });
		expect(rest[0]).toMatchObject({ status: 200, query: { offset: '0' } });
		expect(rest.every((request) => request.status === 200)).toBe(true);
		expect(run.items).toHaveLength(merchantUnits().length);
	});

	it('a read that fails with 503 is retried until it succeeds', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/v2/carriers', kind: 'status', status: 503, times: 2 });
		const run = await v2.run({ resource: 'carrier', operation: 'getMany' });
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.status)).toEqual([503, 503, 200]);
		expect(run.items.length).toBeGreaterThan(50);
	});

	it('a create that fails with 503 is not sent again, and the error says it may have been applied', async () => {
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/units', kind: 'status', status: 503 });
		const item = v2.sandbox().control.db.items[0];
		const run = await v2.run({
			resource: 'unit',
			operation: 'create',
			identifyBy: 'ean',
			ean: item.eans[0],
			offerId: 'SKU-503',
			condition: 'NEW',
			listingPrice: 1000,
			handlingTime: 1,
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create a unit for offer SKU-503 may or may not have been applied: the marketplace had a server error (503)',
		);
		expect(run.error?.description).toContain(
			'It was sent once and not repeated, so it cannot have been applied twice.',
		);
		expect(run.error?.description).toContain(
			'Unit (Offer) → Get Many with the Offer ID "SKU-503" lists the unit if it was created',
		);
		expect(run.error?.description).not.toMatch(/try again later/i);
	});

	it('a create whose connection breaks is not sent again', async () => {
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/units', kind: 'reset' });
		const item = v2.sandbox().control.db.items[0];
		const run = await v2.run({
			resource: 'unit',
			operation: 'create',
			identifyBy: 'ean',
			ean: item.eans[0],
			offerId: 'SKU-RST',
			condition: 'NEW',
			listingPrice: 1000,
			handlingTime: 1,
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create a unit for offer SKU-RST may or may not have been applied: the connection was reset',
		);
		expect(run.error?.description).toContain('Unit (Offer) → Get Many with the Offer ID "SKU-RST"');
	});

	it('a page that keeps failing fails Return All and outputs nothing', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/v2/order-units', kind: 'status', status: 500, times: 5 });
		const run = await v2.run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: true,
			requestOptions: { maxRetries: 1 },
		});
		expect(run.error?.message).toBe(
			'Could not get many order units: the marketplace had a server error (500, after 2 attempts)',
		);
		// Nothing was read, so there is nothing to say about records not output (test/SellerMarketplace/errors/headlines.test.ts has a later page).
		expect(run.error?.description).toBe(
			'The API said: Injected fault: HTTP 500<br>Request: GET /order-units, answered 500<br>This is usually temporary. Try again later.',
		);
		expect(run.items).toEqual([]);
	});
});

describe('answers lost after the marketplace applied the request (a proxy cuts the connection)', () => {
	let proxy: FaultProxy;
	let viaProxy: SellerCredentialsV2;
	beforeAll(async () => {
		proxy = await startFaultProxy(v2.sandbox().baseUrl);
		viaProxy = { ...v2.credentials(), baseUrl: proxy.baseUrl.replace(/\/api\/v1$/, '/v2') };
	});
	afterAll(async () => await proxy.close());
	beforeEach(() => proxy.seen.splice(0));
	const seen = () => proxy.seen.map((request) => `${request.method} ${request.path.split('?')[0]}`);
	const waiting = () =>
		merchantUnits().find((unit) => unit.status === 'need_to_be_sent' && (unit._storefront ?? 'de') === 'de')!;
	const byId = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

	it('Send: the retry is refused as done already; the unit is read back, and the item succeeds with alreadyApplied', async () => {
		const unit = waiting();
		proxy.add({ method: 'PATCH', path: `/v2/order-units/${unit.id_order_unit}/send`, action: 'loseAnswer' });
		const run = await runSellerNodeV2(viaProxy, {
			parameters: {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(unit.id_order_unit),
				carrierCode: 'DHL',
				trackingNumbers: 'T-1',
			},
		});
		expect(run.error).toBeUndefined();
		expect(seen()).toEqual([
			`PATCH /v2/order-units/${unit.id_order_unit}/send`,
			`PATCH /v2/order-units/${unit.id_order_unit}/send`,
			`GET /v2/order-units/${unit.id_order_unit}`,
		]);
		expect(v2.requests().map((request) => request.status)).toEqual([204, 403, 200]);
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				alreadyApplied: true,
				id_order_unit: unit.id_order_unit,
				tracking_numbers: 'T-1',
				carrier_code: 'DHL',
			},
		]);
	});

	it('Refund: sent once; the error says the refund may have been applied and where to look', async () => {
		const unit = merchantUnits().find((candidate) => candidate.status === 'sent' && candidate._refunds.length === 0)!;
		proxy.add({ method: 'PATCH', path: `/v2/order-units/${unit.id_order_unit}/refund`, action: 'loseAnswer' });
		const run = await runSellerNodeV2(viaProxy, {
			parameters: {
				resource: 'orderUnit',
				operation: 'refund',
				orderUnitId: byId(unit.id_order_unit),
				amount: 300,
				reason: 'delivery_delay',
			},
		});
		expect(seen()).toEqual([`PATCH /v2/order-units/${unit.id_order_unit}/refund`]);
		expect(unit._refunds.map((refund) => refund.amount)).toEqual([300]);
		expect(run.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the connection was reset`,
		);
	});

	it('Update Many: setting values is safe to repeat, so a 503 is retried and the units are changed once', async () => {
		const [a, b] = v2.sandbox().control.db.units.filter((unit) => (unit._storefront ?? 'de') === 'de');
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/units/bulk', kind: 'status', status: 503, times: 1 });
		const run = await v2.run(
			{
				resource: 'unit',
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: 4, listingPrice: 999_999 },
			},
			{ items: [{ json: { id: a.id_unit } }, { json: { id: b.id_unit } }] },
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.status)).toEqual([503, 207]);
		expect(run.items.map((item) => item.json.amount)).toEqual([4, 4]);
	});
});

describe('rate limit: 111 requests a second per seller', () => {
	it(
		'three workflows at once with one credential: never more than 111 requests in one second at the marketplace, retries included, and no 429',
		async () => {
			const sandbox = v2.sandbox();
			expect(sandbox.control.rateLimit()).toBe(111);
			// Some requests fail once and are retried: each retry takes its turn like any request.
			sandbox.control.addFault({ method: 'GET', path: '/v2/status/ping', kind: 'status', status: 503, rate: 0.05 });
			const items = Array.from({ length: 300 }, (_, index) => ({ json: { index } }));
			const pings = async () =>
				await v2.run({ resource: 'status', operation: 'ping', requestOptions: { maxRetries: 10 } }, { items });

			const runs = await Promise.all([pings(), pings(), pings()]);

			for (const run of runs) {
				expect(run.error).toBeUndefined();
				expect(run.items).toHaveLength(300);
			}
			const requests = v2.requests();
			const retried = requests.filter((request) => request.status === 503).length;
			expect(retried).toBeGreaterThan(0);
			expect(requests).toHaveLength(900 + retried);
			expect(requests.filter((request) => request.status === 429)).toEqual([]);
			// What the marketplace's limit counts: every request of the client key in any sliding second.
			expect(sandbox.control.peakRequestsPerSecond(v2.credentials().clientKey)).toBeLessThanOrEqual(111);
		},
		budget(30_000),
	);
});

describe('error answers', () => {
	let server: RecordingServer;
	let credentials: SellerCredentialsV2;
	const answer = (
		status: number,
		body: string,
		headers: Record<string, string> = { 'Content-Type': 'application/json' },
	) =>
		server.respondWith((_request, response: ServerResponse) => {
			response.writeHead(status, headers);
			response.end(body);
		});
	const ping = async () =>
		await runSellerNodeV2(credentials, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
		});

	beforeAll(async () => {
		const secretKey = 's'.repeat(64);
		server = await startRecordingServer(secretKey, V2_RECORDING);
		credentials = {
			clientKey: 'c'.repeat(32),
			secretKey,
			baseUrl: server.baseUrl,
			storefront: 'de',
			userAgent: DEFAULT_USER_AGENT,
		};
	});
	afterAll(async () => await server.close());
	beforeEach(() => server.requests.splice(0));

	it('a validation problem names the first field by its form label and lists the others', async () => {
		answer(
			400,
			JSON.stringify({
				type: '/problems/validation-error',
				message: 'Invalid request',
				errors: [
					{ field: 'listing_price', message: 'must be greater than 0' },
					{ field: 'handling_time', message: 'must be at most 100' },
				],
			}),
			{ 'Content-Type': 'application/json', 'X-Request-ID': 'req-7' },
		);
		const run = await runSellerNodeV2(credentials, {
			parameters: {
				resource: 'unit',
				operation: 'update',
				unitId: '5',
				updateFields: { amount: 1, listingPrice: 1999 },
			},
		});
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].signatureValid).toBe(true);
		expect(run.error?.message).toBe(
			'Could not update unit 5: "Listing Price (in Cents)" (listing_price): must be greater than 0',
		);
		expect(run.error?.description).toBe(
			[
				'The API said: Invalid request',
				'Refused fields: "Listing Price (in Cents)" (listing_price): must be greater than 0; "Handling Time (Days)" (handling_time): must be at most 100',
				'Problem type: /problems/validation-error',
				'Request ID: req-7',
				'Request: PATCH /units/5, answered 400',
			].join('<br>'),
		);
		expect(run.error?.httpCode).toBe('400');
	});

	it('a bare {message} 404 (NotFoundResponse)', async () => {
		answer(404, JSON.stringify({ message: 'Unit not found' }));
		const run = await runSellerNodeV2(credentials, {
			parameters: { resource: 'unit', operation: 'get', unitId: '42' },
		});
		expect(run.error?.message).toBe('Could not get unit 42: it was not found');
		expect(run.error?.description).toContain('The API said: Unit not found');
	});

	it('an HTML error page from a proxy', async () => {
		answer(502, '<html><body>Bad Gateway</body></html>', { 'Content-Type': 'text/html' });
		const run = await ping();
		expect(run.error?.message).toBe('Could not ping the API: the marketplace had a server error (502)');
		// n8n's editor shows the description as HTML: the page's markup is shown as text, not read as markup.
		expect(run.error?.description).toContain(
			'The API said: &lt;html&gt;&lt;body&gt;Bad Gateway&lt;/body&gt;&lt;/html&gt;',
		);
	});

	it('a 200 without the {data} envelope', async () => {
		answer(200, JSON.stringify({ message: 'pong' }));
		const run = await ping();
		expect(run.error?.message).toBe(
			"Could not ping the API: the marketplace's answer was not in the form API v2 answers in",
		);
		expect(run.error?.description).toBe(
			'Request: GET /status/ping, answered without a {"data": …} answer. Check that the Base URL of the credentials is the API\'s.',
		);
	});

	it('a list page without its data array', async () => {
		answer(200, JSON.stringify({ data: { id_order: 'X' }, pagination: { offset: 0, limit: 30, total: 1 } }));
		const run = await runSellerNodeV2(credentials, {
			parameters: { resource: 'order', operation: 'getMany', returnAll: true },
		});
		expect(run.error?.message).toBe(
			"Could not get many orders: the marketplace's answer was not in the form API v2 answers in",
		);
		expect(run.error?.description).toContain(
			'Request: GET /orders, answered without a {"data": […], "pagination": …} list.',
		);
	});

	it('pages without a total: reads on while pages are full, stops at the first short one', async () => {
		server.respondWith((request, response: ServerResponse) => {
			const offset = Number(new URL(request.fullUrl).searchParams.get('offset'));
			const count = offset < 200 ? 100 : 7;
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ data: Array.from({ length: count }, (_, n) => ({ id_order: `O${offset + n}` })) }));
		});
		const run = await runSellerNodeV2(credentials, {
			parameters: { resource: 'order', operation: 'getMany', returnAll: true, requestOptions: { pageConcurrency: 1 } },
		});
		expect(run.error).toBeUndefined();
		expect(server.requests.map((request) => new URL(request.fullUrl).searchParams.get('offset'))).toEqual([
			'0',
			'100',
			'200',
		]);
		expect(run.items).toHaveLength(207);
	});
});
