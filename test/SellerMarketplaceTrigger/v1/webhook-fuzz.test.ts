/**
 * The trigger's webhook handler, fuzzed (fast-check) through n8n-core's real WebhookContext
 * (test/harness/webhook-host.ts), activated against the sandbox with Fetch Resource on and the default
 * "Verify Events By" (a matching signature, else reading the resource back).
 *
 * Each run sends one HTTP request to the callback URL: a random method, body (JSON notifications with
 * hostile `resource` strings, text, latin1, binary junk, bodies of 1 MB and more), content type and
 * encoding, and HM-Signature / HM-Timestamp headers that are valid, missing, garbage, huge, signed for
 * another URL, another body or another key. Properties, checked after every run:
 * - the host always gets an HTTP answer below 500, and the node never throws;
 * - nothing executes unless the signature is valid for exactly these bytes with a recent timestamp, or
 *   the node read the resource back (signed, answered 200) and says so (`verified_by: 'read-back'`);
 * - an id_message executes at most once;
 * - every request the node sent was one signed read of the sandbox's own /api/v1 paths of the known forms
 *   (`/<collection>/<id>/`, the id one harmless segment), of the executed event's resource, and a decoy
 *   server on another port gets nothing.
 */
import fc from 'fast-check';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

import { signature, type Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { startRecordingServer, type RecordingServer } from '../../harness/recording-server';
import { WebhookHost } from '../../harness/webhook-host';
import { budget } from '../../budget';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const EVENTS = ['order_new', 'order_unit_new', 'return_new', 'item_changed'];

let sandbox: Sandbox;
let decoy: RecordingServer;
let host: WebhookHost;
/** Orders placed just before the run: a read-back of the order_new of each confirms it (once). */
const freshOrders: string[] = [];
const FRESH_ORDERS = 20;

beforeAll(async () => {
	// The node logs every refusal (as it should); keep the test output to errors.
	process.env.N8N_LOG_LEVEL ??= 'error';
	sandbox = await startStrictSandbox({ port: 0 });
	decoy = await startRecordingServer(sandbox.secretKey);
	for (let i = 0; i < FRESH_ORDERS; i++) freshOrders.push((await sandbox.control.createOrder()).order.id_order);
	host = await WebhookHost.start({
		credentials: { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl },
		parameters: {
			events: EVENTS,
			fallbackEmail: 'ops@seller.example',
			options: { fetchResource: true, fetchTimeoutSeconds: 4 },
		},
	});
	await host.activate();
	sandbox.control.clearRequests();
});

afterAll(async () => {
	await host.deactivate();
	await host.close();
	await decoy.close();
	await sandbox.close();
});

interface Answer {
	status: number;
	body: string;
	headers: IncomingHttpHeaders;
	/** A client-side failure (the request could not be written or the socket closed without an answer). */
	error?: string;
}

function send(url: string, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Answer> {
	return new Promise((resolve) => {
		let request;
		try {
			request = httpRequest(url, { method, headers, agent: false }, (response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						body: Buffer.concat(chunks).toString('utf8'),
						headers: response.headers,
					}),
				);
				response.on('error', (error) =>
					resolve({ status: response.statusCode ?? 0, body: '', headers: response.headers, error: error.message }),
				);
			});
		} catch (error) {
			resolve({ status: -1, body: '', headers: {}, error: `not sendable: ${(error as Error).message}` });
			return;
		}
		request.on('error', (error) => resolve({ status: 0, body: '', headers: {}, error: error.message }));
		request.end(body);
	});
}

// ---------------------------------------------------------------- generators

/** Resource strings an attacker (or a confused sender) might put into a notification. */
const hostileResource = (): fc.Arbitrary<string> => {
	const decoyOrigin = () => new URL(decoy.baseUrl).origin;
	return fc
		.oneof(
			fc.constantFrom(
				'/orders/MABC123/',
				'/orders/MABC123',
				'/order-units/123456/',
				'/returns/42/',
				'/units/151177892008/',
				'/items/20574181/',
				'/categories/1/',
			),
			fc.nat({ max: FRESH_ORDERS - 1 }).map((index) => `FRESH_ORDER ${index}`),
			fc.constantFrom(
				'ABSOLUTE_DECOY',
				'PROTOCOL_RELATIVE_DECOY',
				'http://example.com/api/v1/orders/X/',
				'https://127.0.0.1/api/v1/orders/X/',
				'http:/orders/X/',
				'//orders/X/',
				'/orders/../subscriptions/1/',
				'/orders/X/../../_sandbox/reset',
				'/../_sandbox/state/subscriptions',
				'/orders/%2e%2e/%2e%2e/_sandbox/reset/',
				'/orders/X%2F..%2F..%2Fsubscriptions/',
				'/orders/%2F%2Fexample.com/',
				'/orders/X/?limit=1000',
				'/orders/X/#frag',
				'/orders/X/\r\nHost: example.com',
				'/orders/X\u0000/',
				'/orders/X/extra/',
				'/subscriptions/1/',
				'/_sandbox/reset',
				'/order-units/0/',
				'/order-units/-1/',
				'/order-units/1e5/',
				'/order-units/0x10/',
				'/units/99999999999999999999/',
				'/ORDERS/X/',
				'/orders/ＸＹ/',
				'\\\\example.com\\share',
				'@example.com/orders/X/',
				'/orders/X@example.com/',
				' /orders/X/',
				'',
			),
			fc
				.tuple(
					fc.constantFrom(
						'orders',
						'order-units',
						'returns',
						'units',
						'items',
						'categories',
						'subscriptions',
						'..',
						'%2e%2e',
						'x',
					),
					fc.string({ maxLength: 30 }),
				)
				.map(([collection, id]) => `/${collection}/${id}/`),
			fc.string({ maxLength: 80 }),
			fc.webUrl().map((url) => url),
		)
		.map((resource) =>
			resource.startsWith('FRESH_ORDER ')
				? `/orders/${freshOrders[Number(resource.split(' ')[1])]}/`
				: resource === 'ABSOLUTE_DECOY'
					? `${decoy.baseUrl}/orders/X/`
					: resource === 'PROTOCOL_RELATIVE_DECOY'
						? `${decoyOrigin().replace(/^http:/, '')}/api/v1/orders/X/`
						: resource,
		);
};

const notificationBody = fc
	.record(
		{
			event_name: fc.oneof(fc.constantFrom(...EVENTS, 'order_unit_status_changed'), fc.string({ maxLength: 20 })),
			resource: fc.oneof(hostileResource(), fc.integer(), fc.constant(null)),
			id_message: fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constant(''), fc.integer()),
			payload: fc.oneof(fc.constant('[]'), fc.jsonValue({ maxDepth: 2 })),
		},
		{ requiredKeys: [] },
	)
	.map((value) => JSON.stringify(value));

type Encoding = 'utf8' | 'latin1';

interface BodySpec {
	kind: 'notification' | 'json' | 'text' | 'binary' | 'empty' | 'huge-json' | 'huge-junk';
	text: string;
	encoding: Encoding;
	junk: Uint8Array;
}

const bodySpec: fc.Arbitrary<BodySpec> = fc.record({
	kind: fc.constantFrom<BodySpec['kind']>(
		'notification',
		'notification',
		'notification',
		'json',
		'text',
		'binary',
		'empty',
		'huge-json',
		'huge-junk',
	),
	text: fc.oneof(notificationBody, fc.json(), fc.string({ unit: 'binary', maxLength: 200 })),
	encoding: fc.constantFrom<Encoding>('utf8', 'utf8', 'latin1'),
	junk: fc.uint8Array({ maxLength: 300 }),
});

function bodyBytes(spec: BodySpec, messageId: string): Buffer {
	switch (spec.kind) {
		case 'empty':
			return Buffer.alloc(0);
		case 'binary':
			return Buffer.from(spec.junk);
		case 'huge-json':
			// a well-formed notification over 1 MB
			return Buffer.from(
				JSON.stringify({
					event_name: 'order_new',
					resource: '/orders/MHUGE1/',
					id_message: messageId,
					payload: 'x'.repeat(1_100_000),
				}),
			);
		case 'huge-junk':
			return Buffer.concat([Buffer.from('{"event_name":"order_new","resource":"'), Buffer.alloc(1_200_000, 0xff)]);
		default:
			return Buffer.from(spec.text, spec.encoding);
	}
}

type SignatureMode =
	| 'valid'
	| 'missing'
	| 'garbage-hex'
	| 'garbage'
	| 'huge'
	| 'other-url'
	| 'other-body'
	| 'other-key'
	| 'uppercase-valid';
type TimestampMode = 'now' | 'missing' | 'garbage' | 'huge' | 'negative' | 'old';

const anyRequest = fc.record({
	method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
	query: fc.oneof(
		fc.constant(''),
		fc.constant('?mode=subscribe&challenge=abc'),
		fc.string({ maxLength: 40 }).map((text) => `?mode=subscribe&challenge=${encodeURIComponent(text)}`),
		fc.string({ maxLength: 40 }).map((text) => `?${encodeURI(text)}`),
	),
	body: bodySpec,
	contentType: fc.constantFrom(
		'application/json',
		'application/json; charset=utf-8',
		'application/json; charset=latin1',
		'text/plain',
		'application/octet-stream',
		'multipart/form-data; boundary=x',
		'application/x-www-form-urlencoded',
		'',
	),
	contentEncoding: fc.constantFrom('', '', '', 'identity', 'gzip', 'deflate', 'br', 'x-garbage'),
	signatureMode: fc.constantFrom<SignatureMode>(
		'valid',
		'valid',
		'valid',
		'missing',
		'garbage-hex',
		'garbage',
		'huge',
		'other-url',
		'other-body',
		'other-key',
		'uppercase-valid',
	),
	timestampMode: fc.constantFrom<TimestampMode>('now', 'now', 'now', 'missing', 'garbage', 'huge', 'negative', 'old'),
	garbage: fc.string({ unit: 'grapheme-ascii', maxLength: 100 }),
	hex: fc.stringMatching(/^[0-9a-f]{64}$/),
	extraHeader: fc.option(
		fc.tuple(
			fc.constantFrom('X-Forwarded-Host', 'Host', 'X-Original-URL', 'Forwarded'),
			fc.constantFrom('example.com', '127.0.0.1:1', 'evil'),
		),
	),
	messageId: fc.uuid(),
});

/** What the marketplace (or someone holding the key) would send: a signed JSON notification with a hostile resource. */
const plausibleRequest = fc.record({
	method: fc.constant('POST'),
	query: fc.constant(''),
	body: fc.record({
		kind: fc.constantFrom<BodySpec['kind']>(
			'notification',
			'notification',
			'notification',
			'notification',
			'huge-json',
		),
		text: fc
			.record({
				event_name: fc.constantFrom(...EVENTS, 'order_unit_status_changed'),
				resource: hostileResource(),
				id_message: fc.uuid(),
				payload: fc.constantFrom('[]', '{"status":"sent"}'),
			})
			.map((value) => JSON.stringify(value)),
		encoding: fc.constantFrom<Encoding>('utf8', 'latin1'),
		junk: fc.constant(new Uint8Array()),
	}),
	contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
	contentEncoding: fc.constant(''),
	signatureMode: fc.constantFrom<SignatureMode>(
		'valid',
		'valid',
		'valid',
		'valid',
		'uppercase-valid',
		'other-url',
		'other-body',
		'other-key',
		'missing',
	),
	timestampMode: fc.constantFrom<TimestampMode>('now', 'now', 'now', 'now', 'old', 'missing'),
	garbage: fc.constant(''),
	hex: fc.constant('0'.repeat(64)),
	extraHeader: fc.constant(null),
	messageId: fc.uuid(),
});

const requestSpec = fc.oneof(anyRequest, plausibleRequest);

type RequestSpec = typeof requestSpec extends fc.Arbitrary<infer T> ? T : never;

function timestampOf(mode: TimestampMode, garbage: string): string | undefined {
	const now = Math.floor(Date.now() / 1000);
	switch (mode) {
		case 'now':
			return String(now);
		case 'missing':
			return undefined;
		case 'garbage':
			return garbage;
		case 'huge':
			return '9'.repeat(30_000);
		case 'negative':
			return String(-now);
		case 'old':
			return String(now - 86_400 * 30);
	}
}

function signatureOf(spec: RequestSpec, body: Buffer, timestamp: string): string | undefined {
	const sign = (secret: string, url: string, bytes: Buffer) => signature(secret, 'POST', url, bytes, timestamp);
	switch (spec.signatureMode) {
		case 'valid':
			return sign(sandbox.secretKey, host.url(), body);
		case 'uppercase-valid':
			return sign(sandbox.secretKey, host.url(), body).toUpperCase();
		case 'missing':
			return undefined;
		case 'garbage-hex':
			return spec.hex;
		case 'garbage':
			return spec.garbage;
		case 'huge':
			return 'a'.repeat(40_000);
		case 'other-url':
			return sign(sandbox.secretKey, `${host.url()}x`, body);
		case 'other-body':
			return sign(sandbox.secretKey, host.url(), Buffer.concat([body, Buffer.from(' ')]));
		case 'other-key':
			return sign(
				sandbox.secretKey.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
				host.url(),
				body,
			);
	}
}

/** Header values Node's client can put on the wire (it refuses control characters itself). */
const sendable = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

// ---------------------------------------------------------------- the properties

/** `/<collection>/<id>/` under the sandbox's /api/v1, the only reads a notification may cause. */
// GET /orders/{id_order} and /items/{id_item} as the spec writes them (no trailing slash); the others with one.
const KNOWN_READ =
	/^\/api\/v1\/(orders\/((?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})+)|items\/[1-9][0-9]{0,15}|(order-units|returns|return-units|units|categories)\/[1-9][0-9]{0,15}\/)$/;

/** The path the node must read for a notification's resource: its id segment decoded and encoded again (RFC 3986). */
function readPathOf(resource: unknown): string {
	const [, collection, id] = /^\/([^/]+)\/([^/]+)\/?$/.exec(String(resource)) ?? [];
	const encoded = encodeURIComponent(decodeURIComponent(id ?? '')).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
	return `/api/v1/${collection}/${encoded}${collection === 'orders' || collection === 'items' ? '' : '/'}`;
}

/** The order id of a read, decoded: one segment that cannot climb or leave the path. */
function expectHarmlessOrderId(rawUrl: string): void {
	const encoded = KNOWN_READ.exec(rawUrl)?.[2];
	if (encoded === undefined) return;
	const id = decodeURIComponent(encoded);
	expect(id).not.toMatch(/^\.+$|[/\\?#@:;%\p{Cc}]/u);
	expect(id.normalize('NFKC')).not.toMatch(/^\.+$|[/\\?#@:;%]/u);
}

const figures = {
	runs: 0,
	posts: 0,
	hugeBodies: 0,
	validlySigned: 0,
	executions: 0,
	readBackExecutions: 0,
	fetches: 0,
	refusedBadSignature: 0,
	statuses: {} as Record<string, number>,
};

it(
	`${NUM_RUNS} random requests: always an answer below 500, no execution without a valid signature or a read-back, reads only the sandbox's known paths`,
	async () => {
		const executedIds = new Set<string>();
		const started = Date.now();

		await fc.assert(
			fc.asyncProperty(requestSpec, async (spec) => {
				figures.runs++;
				const executionsBefore = host.executions.length;
				const callsBefore = host.calls.length;
				sandbox.control.clearRequests();

				const body = bodyBytes(spec.body, spec.messageId);
				if (body.length >= 1_000_000) figures.hugeBodies++;
				const timestamp = timestampOf(spec.timestampMode, sendable(spec.garbage));
				const headers: Record<string, string> = {};
				if (spec.contentType) headers['Content-Type'] = spec.contentType;
				if (spec.contentEncoding) headers['Content-Encoding'] = spec.contentEncoding;
				if (timestamp !== undefined) headers['HM-Timestamp'] = timestamp;
				const hmSignature = signatureOf(spec, body, timestamp ?? '');
				if (hmSignature !== undefined) headers['HM-Signature'] = sendable(hmSignature);
				if (spec.extraHeader) headers[spec.extraHeader[0]] = spec.extraHeader[1];
				if (spec.method === 'POST') figures.posts++;

				const answer = await send(
					`${host.url()}${spec.query}`,
					spec.method,
					headers,
					spec.method === 'HEAD' ? undefined : body,
				);
				figures.statuses[String(answer.status)] = (figures.statuses[String(answer.status)] ?? 0) + 1;

				// 1. always an HTTP answer, below 500; the node never threw
				expect({ status: answer.status, error: answer.error }).toEqual({
					status: expect.any(Number),
					error: undefined,
				});
				expect(answer.status).toBeGreaterThanOrEqual(200);
				expect(answer.status).toBeLessThan(500);
				const newCalls = host.calls.slice(callsBefore);
				for (const call of newCalls)
					expect({ error: call.error, status: call.status }).toEqual({ error: undefined, status: call.status });

				// 2. no execution unless the signature is valid for exactly these bytes, URL and key, with a recent timestamp,
				//    or the node confirmed the event by reading it
				const newExecutions = host.executions.slice(executionsBefore);
				const validlySigned =
					spec.method === 'POST' &&
					(spec.signatureMode === 'valid' || spec.signatureMode === 'uppercase-valid') &&
					timestamp !== undefined &&
					/^\d{1,12}$/.test(timestamp) &&
					spec.timestampMode !== 'old' &&
					!spec.contentEncoding.match(/gzip|deflate|br|x-garbage/);
				if (validlySigned) figures.validlySigned++;
				if (spec.method === 'POST' && answer.status === 401) figures.refusedBadSignature++;
				expect(newExecutions.length).toBeLessThanOrEqual(1);
				const requests = sandbox.control.requests();
				for (const execution of newExecutions) {
					const [item] = execution.items;
					const read = requests.find((request) => request.rawUrl === readPathOf(item.resource));
					if (item.verified_by === 'read-back') {
						figures.readBackExecutions++;
						expect({ status: read?.status, signed: read?.signatureValid }).toEqual({ status: 200, signed: true });
					} else {
						expect(item.verified_by).toBe('signature');
						expect(validlySigned).toBe(true);
					}
				}

				// 3. each id_message at most once, and only well-formed resources start anything
				for (const execution of newExecutions) {
					figures.executions++;
					const [item] = execution.items;
					const id = String(item.id_message);
					expect(executedIds.has(id)).toBe(false);
					executedIds.add(id);
					expect(readPathOf(item.resource)).toMatch(KNOWN_READ);
					// Fetch Resource ran: data or fetch_error, never silently nothing
					expect(item.data !== undefined || item.fetch_error !== undefined).toBe(true);
				}

				// 4. the node's requests: at most one signed read of a known form on the sandbox's /api/v1, that of the executed event
				figures.fetches += requests.length;
				for (const request of requests) {
					expect({ method: request.method, rawUrl: request.rawUrl, signed: request.signatureValid }).toEqual({
						method: 'GET',
						rawUrl: expect.stringMatching(KNOWN_READ),
						signed: true,
					});
					expectHarmlessOrderId(request.rawUrl);
				}
				const distinctReads = new Set(requests.map((request) => request.rawUrl));
				expect(distinctReads.size).toBeLessThanOrEqual(1);
				for (const execution of newExecutions)
					expect(distinctReads.has(readPathOf(execution.items[0].resource))).toBe(true);
				// 5. nothing anywhere else
				expect(decoy.requests).toEqual([]);
			}),
			{ numRuns: NUM_RUNS, seed: SEED, interruptAfterTimeLimit: 55_000, markInterruptAsFailure: true },
		);

		console.log(`webhook fuzz figures: ${JSON.stringify({ ...figures, seconds: (Date.now() - started) / 1000 })}`);
		expect(figures.executions).toBeGreaterThan(10);
		expect(figures.readBackExecutions).toBeGreaterThan(0);
		expect(figures.hugeBodies).toBeGreaterThan(5);
		expect(figures.refusedBadSignature).toBeGreaterThan(20);
	},
	budget(60_000),
);
