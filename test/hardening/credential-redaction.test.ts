/**
 * Issue 23: only hex-looking strings were redacted, so an API host that echoed the literal secret or client key
 * put it in the error, and a Base URL written with `user:password@` was echoed whole in errors and n8n's log. The
 * literal values of every credential field are removed now, wherever they appear; a time stamp's words stay.
 */
import { logLines } from '../harness/secrets';
import { startRecordingServer, V2_RECORDING, type RecordingServer } from '../harness/recording-server';
import { runSellerNode, runSellerNodeV2, type SellerCredentials, type SellerCredentialsV2 } from '../harness/workflow';

/** Keys of the right length that look like no hex string, so only their literal values can find them. */
const CLIENT_KEY = 'clientKEY-Quokka-Walrus-Zebra-42';
const SECRET_KEY = 'secretKEY-Quokka-Walrus-Zebra-Yak-Gnu-Lynx-Orca-Puma-Seal-Tapir!';
const PARTNER_CLIENT_KEY = 'partnerKEY-Otter-Heron-Moose-007';
const PARTNER_SECRET_KEY = 'partnerSECRET-Otter-Heron-Moose-Bison-Camel-Dingo-Eland-Ferret!!';
const USER = 'alice.seller';
const PASSWORD = 'Pa55-w0rd-in-the-URL';

let v1Server: RecordingServer;
let v2Server: RecordingServer;
let v1: SellerCredentials;
let v2: SellerCredentialsV2;

beforeAll(async () => {
	v1Server = await startRecordingServer(SECRET_KEY);
	v2Server = await startRecordingServer(SECRET_KEY, V2_RECORDING);
	v1 = { clientKey: CLIENT_KEY, secretKey: SECRET_KEY, baseUrl: v1Server.baseUrl };
	v2 = {
		clientKey: CLIENT_KEY,
		secretKey: SECRET_KEY,
		partnerClientKey: PARTNER_CLIENT_KEY,
		partnerSecretKey: PARTNER_SECRET_KEY,
		baseUrl: v2Server.baseUrl,
		storefront: 'de',
		userAgent: 'redaction-test/1.0',
	};
});
afterAll(async () => {
	await v1Server.close();
	await v2Server.close();
});
beforeEach(() => logLines.splice(0));

const echo = `Unknown client ${CLIENT_KEY}, signed with ${SECRET_KEY}; partner ${PARTNER_CLIENT_KEY} / ${PARTNER_SECRET_KEY}`;

/** Everything of a run a seller or an operator can see: the error's texts and details, and n8n's log lines. */
const visible = (run: { error?: unknown; items: unknown[] }) =>
	JSON.stringify({
		error: run.error,
		message: (run.error as Error | undefined)?.message,
		stack: (run.error as Error | undefined)?.stack,
		items: run.items,
		logs: logLines,
	});

const leaksIn = (text: string) =>
	[CLIENT_KEY, SECRET_KEY, PARTNER_CLIENT_KEY, PARTNER_SECRET_KEY, USER, PASSWORD, encodeURIComponent(PASSWORD)].filter(
		(secret) => text.includes(secret),
	);

describe('an API host that echoes the literal keys in its error', () => {
	it.each([400, 401, 500])('API v2, %i: the error names neither key', async (status) => {
		v2Server.respondWith((_request, response) => {
			response.writeHead(status, { 'Content-Type': 'application/problem+json' });
			response.end(
				JSON.stringify({
					type: '/problems/validation-error',
					message: echo,
					errors: [{ field: CLIENT_KEY, message: SECRET_KEY }],
				}),
			);
		});
		const run = await runSellerNodeV2(v2, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
		});
		expect(run.error).toBeDefined();
		expect(leaksIn(visible(run))).toEqual([]);
		expect(run.error?.description).toContain('Unknown client [redacted], signed with [redacted]');
	});

	it('API v2 with Continue On Fail: the error item output names neither key', async () => {
		v2Server.respondWith((_request, response) => {
			response.writeHead(422, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ type: '/problems/validation-error', message: echo }));
		});
		const run = await runSellerNodeV2(v2, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
			continueOnFail: true,
		});
		expect(run.items).toHaveLength(1);
		expect(leaksIn(visible(run))).toEqual([]);
	});

	it.each([400, 422])('API v1, %i (also as plain text): the error names neither key', async (status) => {
		v1Server.respondWith((_request, response) => {
			response.writeHead(status, { 'Content-Type': status === 422 ? 'text/plain' : 'application/json' });
			// API v1 has no partner keys: only its own two are echoed.
			const v1Echo = `Unknown client ${CLIENT_KEY}, signed with ${SECRET_KEY}`;
			response.end(status === 422 ? v1Echo : JSON.stringify({ message: v1Echo }));
		});
		const run = await runSellerNode(v1, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
		});
		expect(run.error).toBeDefined();
		expect(leaksIn(visible(run))).toEqual([]);
	});
});

describe('a Base URL written with user:password@', () => {
	const withUserinfo = (baseUrl: string) => baseUrl.replace('://', `://${USER}:${encodeURIComponent(PASSWORD)}@`);

	it('API v2: refused before sending, and the error shows the address without them', async () => {
		const before = v2Server.requests.length;
		const run = await runSellerNodeV2(
			{ ...v2, baseUrl: withUserinfo(v2Server.baseUrl) },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);
		expect(run.error?.message).toContain('The Base URL must be an address ending in /v2');
		expect(run.error?.message).toContain('http://[redacted]@127.0.0.1');
		expect(leaksIn(visible(run))).toEqual([]);
		expect(v2Server.requests.length).toBe(before);
	});

	it('API v1: refused before sending, and the error shows the address without them', async () => {
		const before = v1Server.requests.length;
		const run = await runSellerNode(
			{ ...v1, baseUrl: withUserinfo(v1Server.baseUrl) },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);
		expect(run.error?.message).toContain('The Base URL must not hold a user name or password');
		expect(leaksIn(visible(run))).toEqual([]);
		expect(v1Server.requests.length).toBe(before);
	});
});

describe('the marketplace refusing a stale time stamp', () => {
	it('API v1: its words about the clock reach the seller (a time stamp is no secret)', async () => {
		v1Server.respondWith((_request, response) => {
			response.writeHead(401, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: 'HM-Timestamp: request is 1200 s older than the server clock allows' }));
		});
		const run = await runSellerNode(v1, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
		});
		expect(run.error?.description).toContain('HM-Timestamp: request is 1200 s older than the server clock allows');
	});

	it('API v2: its words about the clock reach the seller, and the headline names the clock', async () => {
		v2Server.respondWith((_request, response) => {
			response.writeHead(401, { 'Content-Type': 'application/problem+json' });
			const message = 'Shop-Timestamp: request is 1200 s older than the server clock allows';
			response.end(
				JSON.stringify({
					type: '/problems/missing-or-invalid-request-header',
					message,
					errors: [{ field: 'Shop-Timestamp', message }],
				}),
			);
		});
		const run = await runSellerNodeV2(v2, {
			parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
		});
		expect(run.error?.message).toBe(
			'Could not ping the API: the clock of the machine running n8n is more than 5 minutes off',
		);
		expect(run.error?.description).toContain('request is 1200 s older than the server clock allows');
	});
});
