/**
 * The transport against a scripted local server, through real node execution: pagination edge cases,
 * retries with backoff and Retry-After, and the errors a seller sees.
 */
import type { ServerResponse } from 'node:http';

import { startRecordingServer, type RecordedRequest, type RecordingServer } from '../../harness/recording-server';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

const secretKey = 'p'.repeat(64);
let server: RecordingServer;
let credentials: SellerCredentials;

beforeAll(async () => {
	server = await startRecordingServer(secretKey);
	credentials = { clientKey: 'q'.repeat(32), secretKey, baseUrl: server.baseUrl };
});
afterAll(async () => await server.close());
beforeEach(() => server.requests.splice(0));

const groups = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `group-${index + 1}` }));

/** Serves `records` like the API: limit/offset, clamped to `maxLimit`, with HM-Collection-Range. */
function serveCollection(records: () => Array<{ name: string }>, maxLimit = 30) {
	return (request: RecordedRequest, response: ServerResponse) => {
		const query = new URL(request.fullUrl).searchParams;
		const all = records();
		const limit = Math.min(Number(query.get('limit') ?? 30), maxLimit);
		const offset = Number(query.get('offset') ?? 0);
		const page = all.slice(offset, offset + limit);
		const range = page.length ? `${offset + 1}-${offset + page.length}/${all.length}` : `0-0/${all.length}`;
		response.writeHead(200, { 'Content-Type': 'application/json', 'HM-Collection-Range': range });
		response.end(JSON.stringify(page));
	};
}

const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'shippingGroup',
	operation: 'getMany',
	...extra,
});
const offsets = () => server.requests.map((request) => new URL(request.fullUrl).searchParams.get('offset')).map(Number);
const limits = () => server.requests.map((request) => new URL(request.fullUrl).searchParams.get('limit')).map(Number);

describe('pagination', () => {
	it('Return All reads every record in the fewest requests', async () => {
		server.respondWith(serveCollection(() => groups(95)));
		const run = await runSellerNode(credentials, { parameters: getMany({ returnAll: true }) });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.name)).toEqual(groups(95).map((group) => group.name));
		expect(offsets().sort((a, b) => a - b)).toEqual([0, 30, 60, 90]);
		expect(server.requests.every((request) => request.signatureValid)).toBe(true);
		expect(run.items[94].pairedItem).toEqual({ item: 0 });
	});

	it('advances by what the server returned when it clamps the limit', async () => {
		server.respondWith(serveCollection(() => groups(23), 10));
		const run = await runSellerNode(credentials, { parameters: getMany({ returnAll: true }) });
		expect(run.items).toHaveLength(23);
		expect(offsets()).toEqual([0, 10, 20]);
		expect(limits()).toEqual([30, 13, 3]); // never a page size from a short page: at most what the total says is left
	});

	it('stops on an empty collection after one request', async () => {
		server.respondWith(serveCollection(() => []));
		const run = await runSellerNode(credentials, { parameters: getMany({ returnAll: true }) });
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(0);
		expect(server.requests).toHaveLength(1);
	});

	it('follows a total that grows during the run', async () => {
		let all = groups(40);
		let calls = 0;
		server.respondWith((request, response) => {
			if (++calls === 2) all = [...all, ...groups(45).slice(40)]; // five records arrive while reading
			serveCollection(() => all)(request, response);
		});
		const run = await runSellerNode(credentials, {
			parameters: getMany({ returnAll: true, requestOptions: { pageConcurrency: 1 } }),
		});
		expect(run.items.map((item) => item.json.name)).toEqual(groups(45).map((group) => group.name));
	});

	it('drops records repeated when new ones push the offsets on (newest first)', async () => {
		let all = groups(40);
		let calls = 0;
		server.respondWith((request, response) => {
			if (++calls === 2) all = [{ name: 'group-new' }, ...all];
			serveCollection(() => all)(request, response);
		});
		const run = await runSellerNode(credentials, {
			parameters: getMany({ returnAll: true, requestOptions: { pageConcurrency: 1 } }),
		});
		const names = run.items.map((item) => item.json.name as string);
		expect(names).toEqual(groups(40).map((group) => group.name)); // group-30 came twice, output once
	});

	it('Limit reads at most Limit records and asks only for what it needs', async () => {
		server.respondWith(serveCollection(() => groups(95)));
		const run = await runSellerNode(credentials, { parameters: getMany({ returnAll: false, limit: 45 }) });
		expect(run.items).toHaveLength(45);
		expect(limits()).toEqual([30, 15]);
	});

	it('keeps Page Concurrency pages in flight, and falls back to one at a time after a 429', async () => {
		let inFlight = 0;
		let throttled = false;
		const peakBefore: number[] = [];
		const peakAfter: number[] = [];
		server.respondWith((request, response) => {
			inFlight++;
			(throttled ? peakAfter : peakBefore).push(inFlight);
			setTimeout(() => {
				inFlight--;
				if (!throttled && new URL(request.fullUrl).searchParams.get('offset') === '60') {
					throttled = true;
					response.writeHead(429, { 'Retry-After': '0' });
					response.end();
					return;
				}
				serveCollection(() => groups(300))(request, response);
			}, 20);
		});
		const run = await runSellerNode(credentials, { parameters: getMany({ returnAll: true }) });
		expect(run.items).toHaveLength(300);
		expect(Math.max(...peakBefore)).toBe(4);
		// The pages already in flight (and the retried one) finish; every page asked for after that is read alone.
		expect(peakAfter.length).toBeGreaterThanOrEqual(5);
		expect(peakAfter.slice(-4)).toEqual([1, 1, 1, 1]);
	});

	it('never loops forever on a server that repeats the same page', async () => {
		server.respondWith((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'application/json', 'HM-Collection-Range': '1-30/90' });
			response.end(JSON.stringify(groups(30)));
		});
		const run = await runSellerNode(credentials, {
			parameters: getMany({ returnAll: true, requestOptions: { pageConcurrency: 1 } }),
		});
		expect(run.error?.message).toContain(
			'read 30 records in 1 pages; the page at offset 30 repeated records already read (total 90)',
		);
		expect(server.requests.length).toBe(2);
	});
});

describe('retries', () => {
	const ping = { resource: 'status', operation: 'ping' };

	function failFirst(count: number, fail: (response: ServerResponse, request: RecordedRequest) => void) {
		let seen = 0;
		server.respondWith((request, response) => {
			if (seen++ < count) return fail(response, request);
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end('{"message":"pong"}');
		});
	}

	it('retries a 429, honouring Retry-After in seconds', async () => {
		failFirst(2, (response) => {
			response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
			response.end('{"message":"Too many requests"}');
		});
		const run = await runSellerNode(credentials, { parameters: ping });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ message: 'pong' });
		const times = server.requests.map((request) => Number(request.headers['hm-timestamp']));
		expect(server.requests).toHaveLength(3);
		expect(times[2] - times[0]).toBeGreaterThanOrEqual(1);
	});

	it('retries a 429 without Retry-After, and a 503', async () => {
		let seen = 0;
		server.respondWith((_request, response) => {
			seen++;
			if (seen === 1) {
				response.writeHead(429);
				response.end();
			} else if (seen === 2) {
				response.writeHead(503, { 'Content-Type': 'application/json' });
				response.end('{"message":"maintenance"}');
			} else {
				response.writeHead(200, { 'Content-Type': 'application/json' });
				response.end('{"message":"pong"}');
			}
		});
		const run = await runSellerNode(credentials, { parameters: ping });
		expect(run.error).toBeUndefined();
		expect(server.requests).toHaveLength(3);
	});

	it('retries a reset connection on a read', async () => {
		let seen = 0;
		server.respondWith((_request, response, socket) => {
			if (seen++ === 0) {
				socket.destroy();
				return;
			}
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end('{"message":"pong"}');
		});
		const run = await runSellerNode(credentials, { parameters: ping });
		expect(run.error).toBeUndefined();
		expect(server.requests).toHaveLength(2);
	});

	it('gives up after Max Retries with an error that says so', async () => {
		server.respondWith((_request, response) => {
			response.writeHead(503, { 'Content-Type': 'application/json', 'X-Request-ID': 'abc-1' });
			response.end('{"message":"maintenance"}');
		});
		const run = await runSellerNode(credentials, { parameters: { ...ping, requestOptions: { maxRetries: 1 } } });
		expect(server.requests).toHaveLength(2);
		expect(run.error?.message).toBe(
			'Could not check the connection: the marketplace had a server error (503, after 2 attempts)',
		);
		expect(run.error?.description).toContain('The API said: maintenance');
		expect(run.error?.description).toContain('Request ID: abc-1');
	});

	it('a page that fails past the retry budget fails the run and says that what was read was not output', async () => {
		let seen = 0;
		server.respondWith((request, response) => {
			if (seen++ < 2) {
				serveCollection(() => groups(95))(request, response);
				return;
			}
			response.writeHead(500, { 'Content-Type': 'application/json' });
			response.end('{"message":"boom"}');
		});
		const run = await runSellerNode(credentials, {
			parameters: getMany({ returnAll: true, requestOptions: { maxRetries: 0, pageConcurrency: 1 } }),
		});
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe('Could not get many shipping groups: the marketplace had a server error (500)');
		expect(run.error?.description).toContain(
			'The 60 records read before this failure were not output; the next run reads them all from the start.',
		);
		expect(run.error?.description).not.toMatch(/record\(s\)|GET \/shipping-groups\/seller\/ before/);
	});
});

describe('errors', () => {
	it('maps 404 to the resource and id, and continueOnFail keeps going per item', async () => {
		server.respondWith((request, response) => {
			response.writeHead(404, { 'Content-Type': 'application/json' });
			response.end('{"message":"Not found"}');
		});
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'status', operation: 'ping' },
			items: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.errorDetails)).toEqual([
			"The API said: Not found\nIf nothing at all can be found, the Base URL of the credentials may not be the API's.\nRequest: GET /status/ping/, answered 404",
			"The API said: Not found\nIf nothing at all can be found, the Base URL of the credentials may not be the API's.\nRequest: GET /status/ping/, answered 404",
		]);
		expect(run.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Could not check the connection: not found', { item: 0 }],
			['Could not check the connection: not found', { item: 1 }],
		]);
	});
});
