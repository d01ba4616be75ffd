/**
 * Issue 11, item 11: the API's error text was copied verbatim into the error. Anything that looks like a
 * key, a signature or an access token is redacted from every error (message, description and the details
 * n8n shows), whatever its origin.
 */
import { redactSecrets } from '../../nodes/api/core/redaction';
import { logLines } from '../harness/secrets';
import { startRecordingServer, type RecordingServer } from '../harness/recording-server';
import { runSellerNode, type SellerCredentials } from '../harness/workflow';

const secretKey = 'a1'.repeat(32);
let server: RecordingServer;
let credentials: SellerCredentials;

beforeAll(async () => {
	server = await startRecordingServer(secretKey);
	credentials = { clientKey: 'b2'.repeat(16), secretKey, baseUrl: server.baseUrl };
});
afterAll(async () => await server.close());

const CLIENT_KEY = '7bffc16ba2cc5ac1cbf527d6fa392634';
const SECRET = 'a7d0cb1da1ddbc86c96ee5fedd341b7d8ebfbb2f5c83cfe0909f4e57f05dd403';
const SIGNATURE = '0fbbd5593694a0935a9b7b8ea5ceb11954a399a2d2816fbc7a96fc0dd38e95ac';
const TOKEN = 'tok3nS3cr3tValue';
const leaks = [CLIENT_KEY, SECRET, SIGNATURE, TOKEN, 'K3yVal', 'shopSecretValue', 'hmClientValue'];

const hostileMessage =
	`Invalid signature ${SIGNATURE} for client ${CLIENT_KEY} (expected with secret ${SECRET}); ` +
	`see https://files.example/inv/1.pdf?access_token=${TOKEN}&x=1 and https://files.example/u?key=K3yVal, ` +
	`Shop-Secret-Key: shopSecretValue, HM-Client: hmClientValue`;

it.each([
	['a 400', 400],
	['a 401', 401],
	['a 500', 500],
	['a 422 with a plain-text body', 422],
])('%s answer: the key-like parts of the API text are redacted, the rest stays readable', async (_name, status) => {
	server.respondWith((_request, response) => {
		const plain = status === 422;
		response.writeHead(status, { 'Content-Type': plain ? 'text/plain' : 'application/json', 'X-Request-ID': 'req-77' });
		response.end(plain ? hostileMessage : JSON.stringify({ message: hostileMessage }));
	});
	logLines.splice(0);
	const run = await runSellerNode(credentials, {
		parameters: {
			resource: 'order',
			operation: 'get',
			orderId: { __rl: true, mode: 'id', value: 'MHRYPC1' },
			requestOptions: { maxRetries: 0 },
		},
	});
	expect(run.error).toBeDefined();
	const everything = JSON.stringify({
		message: run.error?.message,
		description: run.error?.description,
		context: run.error?.context,
		error: run.error,
		logs: logLines,
	});
	for (const leak of leaks) expect([leak, everything.includes(leak)]).toEqual([leak, false]);
	expect(run.error?.description).toContain('Invalid signature [redacted] for client [redacted]');
	// As HTML, for n8n's editor: "&" is written "&amp;".
	expect(run.error?.description).toContain('access_token=[redacted]&amp;x=1');
	expect(run.error?.description).toContain('Request ID: req-77');
});

describe('redactSecrets', () => {
	it.each([
		[`client ${CLIENT_KEY}.`, 'client [redacted].'],
		[`sig=${SIGNATURE}`, 'sig=[redacted]'],
		[`${SECRET.toUpperCase()}`, '[redacted]'],
		['GET /x?access_token=abc&limit=5', 'GET /x?access_token=[redacted]&limit=5'],
		['https://h/u?a=1&key=abc#f', 'https://h/u?a=1&key=[redacted]#f'],
		['HM-Signature: abc def', 'HM-Signature: [redacted]'],
		['"Shop-Client-Key":"abc"', '"Shop-Client-Key":"[redacted]"'],
		// A time stamp is no secret, and the marketplace's words about it name the clock (issue 23).
		['hm-timestamp=1700000000', 'hm-timestamp=1700000000'],
		['Shop-Timestamp: request too old', 'Shop-Timestamp: request too old'],
		['see https://alice:pa55word@api.example/v2/units', 'see https://[redacted]@api.example/v2/units'],
	])('%s → %s', (input, expected) => expect(redactSecrets(input)).toBe(expected));

	it('leaves ordinary text, IDs and EANs alone', () => {
		const text =
			'Order unit 151177892008 of order M8CXTB1-2 (EAN 4006381333931) cannot be sent: status is sent; monkey=1';
		expect(redactSecrets(text)).toBe(text);
	});
});
