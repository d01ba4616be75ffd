import { signature } from '../../../sandbox';
import { problem, rawRequest, signV2, useV2Client } from './client';

describe('sandbox API v2: request signing', () => {
	const { sandbox, api } = useV2Client();
	const now = () => Math.floor(Date.now() / 1000);

	it("the tests' signer and the sandbox's agree with the spec's test vector", () => {
		const args = ['POST', 'https://sellerapi.kaufland.com/v2/units/', '', '1411055926'] as const;
		const secret = 'a7d0cb1da1ddbc86c96ee5fedd341b7d8ebfbb2f5c83cfe0909f4e57f05dd403';
		const expected = 'da0b65f51c0716c1d3fa658b7eaf710583630a762a98c9af8e9b392bd9df2e2a';
		expect(signV2(secret, ...args)).toBe(expected);
		expect(signature(secret, ...args)).toBe(expected);
	});

	it('answers a correctly signed request and logs it as a v2 request', async () => {
		const response = await api().get('/status/ping');
		expect(response.status).toBe(200);
		expect(response.json).toEqual({ data: { message: 'pong' } });
		expect(sandbox().control.requests()).toEqual([
			expect.objectContaining({
				api: 'v2',
				method: 'GET',
				path: '/status/ping',
				rawUrl: '/v2/status/ping',
				route: 'GET /status/ping',
				operationId: 'Ping',
				signatureValid: true,
				status: 200,
			}),
		]);
	});

	it('signs the URL exactly as sent, percent-encoding of the query included', async () => {
		const path = '/orders/M10011?embedded=order_invoices%2Cdelivery';
		expect((await api().get(path)).status).toBe(200);
		const decoded = '/orders/M10011?embedded=order_invoices,delivery';
		const resigned = await api().get(path, { signedUrl: sandbox().v2BaseUrl + decoded });
		expect(resigned.status).toBe(401);
		expect(resigned.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Signature']));
	});

	it.each([
		['a relative URL', (url: string) => url.replace(/^http:\/\/[^/]+/, '')],
		['the URL without the /v2 prefix', (url: string) => url.replace('/v2/', '/')],
		['the URL with a trailing slash', (url: string) => `${url}/`],
		['https instead of http', (url: string) => url.replace('http:', 'https:')],
	])('refuses a signature over %s', async (_, change) => {
		const url = `${sandbox().v2BaseUrl}/carriers`;
		const response = await api().get('/carriers', { signedUrl: change(url) });
		expect(response.status).toBe(401);
		expect(response.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Signature']));
		expect(response.json.message).toContain(`GET\\n${url}\\n<raw body, 0 bytes>`);
	});

	it('refuses a signature over another body than the one sent', async () => {
		const body = { tracking_numbers: '1', carrier_code: 'DHL' };
		const response = await api().patch('/order-units/1000055/send', body, {
			signedBody: JSON.stringify({ ...body, tracking_numbers: '2' }),
		});
		expect(response.status).toBe(401);
		expect(sandbox().control.db.orderUnits.find((u) => u.id_order_unit === 1000055)!.status).toBe('need_to_be_sent');
	});

	it('refuses an unknown client key and a wrong secret, never echoing the secret', async () => {
		const unknown = await api().get('/status/ping', { clientKey: 'x'.repeat(32) });
		expect(unknown.status).toBe(401);
		expect(unknown.json).toEqual(problem('/problems/invalid-credentials', ['Shop-Client-Key']));
		const wrongSecret = await api().get('/status/ping', { secret: 'y'.repeat(64) });
		expect(wrongSecret.status).toBe(401);
		expect(wrongSecret.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Signature']));
		for (const response of [unknown, wrongSecret]) expect(response.text).not.toContain(sandbox().secretKey);
	});

	it.each([
		['an upper-case hex digest', (s: string) => s.toUpperCase()],
		['a base64 digest', (s: string) => Buffer.from(s, 'hex').toString('base64')],
		['a truncated digest', (s: string) => s.slice(0, 63)],
	])('refuses %s', async (_, change) => {
		const timestamp = now();
		const good = signV2(sandbox().secretKey, 'GET', `${sandbox().v2BaseUrl}/status/ping`, '', String(timestamp));
		const response = await api().get('/status/ping', { timestamp, headers: { 'Shop-Signature': change(good) } });
		expect(response.status).toBe(401);
		expect(response.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Signature']));
	});

	it('accepts a timestamp within 300 s either way and refuses one outside', async () => {
		expect((await api().get('/status/ping', { timestamp: now() - 290 })).status).toBe(200);
		expect((await api().get('/status/ping', { timestamp: now() + 290 })).status).toBe(200);
		const behind = await api().get('/status/ping', { timestamp: now() - 310 });
		expect(behind.status).toBe(401);
		expect(behind.json).toEqual(problem('/problems/missing-or-invalid-request-header', ['Shop-Timestamp']));
		expect(behind.json.message).toMatch(/behind the server clock \(allowed: 300 s\)/);
		const ahead = await api().get('/status/ping', { timestamp: now() + 310 });
		expect(ahead.json.message).toMatch(/ahead of the server clock/);
	});

	it.each([
		['milliseconds', String(Date.now())],
		['a decimal', `${now()}.0`],
		['a sign', `+${now()}`],
		['text', 'now'],
	])('refuses a timestamp in %s', async (_, timestamp) => {
		const response = await api().get('/status/ping', { headers: { 'Shop-Timestamp': timestamp } });
		expect(response.status).toBe(401);
		expect(response.json).toEqual(problem('/problems/missing-or-invalid-request-header', ['Shop-Timestamp']));
	});

	it.each(['Shop-Client-Key', 'Shop-Timestamp', 'Shop-Signature', 'Accept', 'User-Agent'])(
		'refuses a request without %s',
		async (header) => {
			const response = await api().get('/status/ping', { headers: { [header]: null } });
			expect(response.status).toBe(401);
			expect(response.json).toEqual(problem('/problems/missing-or-invalid-request-header', [header]));
			expect(response.json.message).toBe(`Missing ${header} header`);
		},
	);

	it('refuses an empty User-Agent and an Accept that rules out JSON', async () => {
		const blank = await api().get('/status/ping', { headers: { 'User-Agent': '   ' } });
		expect(blank.json).toEqual(problem('/problems/missing-or-invalid-request-header', ['User-Agent']));
		const html = await api().get('/status/ping', { headers: { Accept: 'text/html' } });
		expect(html.status).toBe(401);
		expect(html.json).toEqual(problem('/problems/missing-or-invalid-request-header', ['Accept']));
	});

	it('tells a client that signs the v1 way which headers v2 wants', async () => {
		const timestamp = String(now());
		const url = `${sandbox().v2BaseUrl}/status/ping`;
		const response = await rawRequest(
			url,
			'GET',
			{
				Accept: 'application/json',
				'User-Agent': 'test',
				'HM-Client': sandbox().clientKey,
				'HM-Timestamp': timestamp,
				'HM-Signature': signV2(sandbox().secretKey, 'GET', url, '', timestamp),
			},
			'',
		);
		expect(response.status).toBe(401);
		expect(response.json.message).toBe(
			'Missing Shop-Client-Key header (HM-* headers are API v1; v2 signs with Shop-* headers)',
		);
	});

	it('checks authentication before the path, the method and the parameters', async () => {
		for (const path of ['/no-such-thing', '/orders?limit=5000', '/orders/']) {
			const response = await api().get(path, { secret: 'z'.repeat(64) });
			expect(response.status).toBe(401);
		}
		expect((await api().delete('/carriers', { secret: 'z'.repeat(64) })).status).toBe(401);
	});

	describe('partner signature', () => {
		const partner = () => ({ clientKey: sandbox().partnerClientKey, secret: sandbox().partnerSecretKey });

		it('accepts a request signed by seller and partner', async () => {
			const response = await api().get('/orders?limit=1', { partner: partner() });
			expect(response.status).toBe(200);
			const [entry] = sandbox().control.requests();
			expect(entry.headers['shop-partner-signature']).toBe(
				signV2(partner().secret, 'GET', `${sandbox().v2BaseUrl}/orders?limit=1`, '', entry.headers['shop-timestamp']),
			);
		});

		it('refuses an unknown partner key, a partner signature made with another secret, and half a pair', async () => {
			const unknown = await api().get('/status/ping', { partner: { ...partner(), clientKey: 'p'.repeat(32) } });
			expect(unknown.status).toBe(401);
			expect(unknown.json).toEqual(problem('/problems/invalid-credentials', ['Shop-Partner-Client-Key']));

			const sellerSecret = await api().get('/status/ping', { partner: { ...partner(), secret: sandbox().secretKey } });
			expect(sellerSecret.status).toBe(401);
			expect(sellerSecret.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Partner-Signature']));

			const keyOnly = await api().get('/status/ping', { headers: { 'Shop-Partner-Client-Key': partner().clientKey } });
			expect(keyOnly.json).toEqual(problem('/problems/missing-or-invalid-request-header', ['Shop-Partner-Signature']));
			const signatureOnly = await api().get('/status/ping', { headers: { 'Shop-Partner-Signature': 'a'.repeat(64) } });
			expect(signatureOnly.json).toEqual(
				problem('/problems/missing-or-invalid-request-header', ['Shop-Partner-Client-Key']),
			);
		});

		it('still needs a valid seller signature', async () => {
			const response = await api().get('/status/ping', { partner: partner(), secret: 'w'.repeat(64) });
			expect(response.status).toBe(401);
			expect(response.json).toEqual(problem('/problems/corrupted-signature', ['Shop-Signature']));
		});
	});
});
