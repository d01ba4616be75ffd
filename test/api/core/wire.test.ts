/**
 * What is signed is what goes on the wire: requests made through n8n-core's own request path reach a raw
 * HTTP server, which recomputes the HMAC from the request line and body bytes it received.
 */
import { SellerMarketplaceApi } from '../../../credentials/SellerMarketplaceApi.credentials';
import { startRecordingServer, type RecordingServer } from '../../harness/recording-server';
import { runRequestProbe, runSellerNode, type SellerCredentials } from '../../harness/workflow';

const secretKey = 'k'.repeat(40) + 'ÄÖÜ-secret-key-material-012'.slice(0, 24);
let server: RecordingServer;
let credentials: SellerCredentials;

beforeAll(async () => {
	server = await startRecordingServer(secretKey);
	credentials = { clientKey: 'a'.repeat(32), secretKey, baseUrl: server.baseUrl };
});
afterAll(async () => await server.close());
beforeEach(() => server.requests.splice(0));

const last = () => server.requests[server.requests.length - 1];

describe('requests made through n8n-core are signed exactly as sent', () => {
	it('GET with a query, through the node and the transport', async () => {
		const run = await runSellerNode(credentials, { parameters: { resource: 'status', operation: 'ping' } });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([{ message: 'pong' }]);
		expect(last()).toMatchObject({ method: 'GET', rawUrl: '/api/v1/status/ping/', signatureValid: true });
		expect(last().headers['hm-client']).toBe('a'.repeat(32));
		expect(last().headers['user-agent']).toMatch(/^n8n-nodes-seller-marketplace\//);
		expect(last().headers.accept).toBe('application/json');
	});

	it.each([
		['GET', { q: 'a b/ü', 'ts_created:from': '2026-11-20 08:00:00', status: 'sent,received' }, undefined],
		['POST', undefined, { id_order: 'MÜ 1', items: [1, 2], text: 'line\nbreak "quoted"' }],
		['PUT', { x: "it's" }, { title: ['Größe'] }],
		['PATCH', undefined, { carrier_code: 'DHL', tracking_number: 'A1,B2' }],
		['PATCH', undefined, undefined],
		['DELETE', undefined, undefined],
	])('%s through the HTTP Request node path (url + qs + body objects)', async (method, qs, body) => {
		const run = await runRequestProbe(credentials, {
			mode: 'httpRequest',
			method,
			url: `${server.baseUrl}/units/12/`,
			qs,
			body,
		});
		expect(run.error).toBeUndefined();
		expect(last().method).toBe(method);
		expect(last().signatureValid).toBe(true);
		if (body) expect(JSON.parse(last().body.toString('utf8'))).toEqual(body);
		else expect(last().body.length).toBe(0);
		if (qs) expect(Object.fromEntries(new URL(last().fullUrl).searchParams)).toEqual(qs);
	});

	it('the legacy request helper (uri + qs + body objects), as older HTTP Request versions call it', async () => {
		const run = await runRequestProbe(credentials, {
			mode: 'legacyRequest',
			method: 'POST',
			uri: `${server.baseUrl}/ticket-messages/`,
			qs: { note: 'a:b,c' },
			body: { id_ticket: '0013', text: 'Hallo Käufer' },
		});
		expect(run.error).toBeUndefined();
		expect(last()).toMatchObject({ method: 'POST', signatureValid: true });
		expect(last().rawUrl).toBe('/api/v1/ticket-messages/?note=a%3Ab%2Cc');
		expect(JSON.parse(last().body.toString('utf8'))).toEqual({ id_ticket: '0013', text: 'Hallo Käufer' });
	});

	it('the credential test request (relative url, baseURL, qs object) signs correctly', async () => {
		const { request } = new SellerMarketplaceApi().test;
		const run = await runRequestProbe(credentials, {
			mode: 'httpRequest',
			method: request.method,
			baseURL: credentials.baseUrl,
			url: request.url,
			qs: { probe: 'x y' },
		});
		expect(run.error).toBeUndefined();
		expect(run.json).toMatchObject({ statusCode: 200 });
		expect(last()).toMatchObject({ method: 'GET', rawUrl: '/api/v1/status/ping/?probe=x%20y', signatureValid: true });
	});

	it('a wrong secret key is visible to the server as a bad signature, and the node reports the 401 with hints', async () => {
		server.respondWith((request, response) => {
			response.writeHead(request.signatureValid ? 200 : 401, {
				'Content-Type': 'application/json',
				'X-Request-ID': 'req-42',
			});
			response.end(request.signatureValid ? '{"message":"pong"}' : '{"message":"Signature invalid"}');
		});
		try {
			const wrong = { ...credentials, secretKey: 'z'.repeat(64) };
			const run = await runSellerNode(wrong, { parameters: { resource: 'status', operation: 'ping' } });
			expect(last().signatureValid).toBe(false);
			expect(run.error?.message).toBe(
				'Could not check the connection: the marketplace did not accept the signature (check the Client Key, the Secret Key and the clock of the machine running n8n)',
			);
			expect(run.error?.description).toContain('The API said: Signature invalid');
			expect(run.error?.description).toContain('the clock of the machine running n8n is right');
			expect(run.error?.description).toContain('Request ID: req-42');
			expect(JSON.stringify(run.run.data)).not.toContain('z'.repeat(64));
		} finally {
			server.respondWith((_request, response) => {
				response.writeHead(200, { 'Content-Type': 'application/json' });
				response.end('{"message":"pong"}');
			});
		}
	});

	it('keys of the wrong length are refused before anything is sent', async () => {
		const run = await runSellerNode(
			{ ...credentials, clientKey: 'short' },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);
		expect(run.error?.message).toMatch(/Client Key must be 32 characters long, but it has 5/);
		expect(server.requests).toHaveLength(0);
	});
});
