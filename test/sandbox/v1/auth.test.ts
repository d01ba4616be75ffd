import { hmacHex, rawRequest, useV1Client } from './client';

describe('sandbox request signing', () => {
	const { sandbox, api } = useV1Client({ clockWindowSeconds: 300 });

	it('accepts a correctly signed request', async () => {
		const response = await api().get('/status/ping/');
		expect(response.status).toBe(200);
		expect(response.json).toEqual({ message: 'pong' });
	});

	it('matches the public SDK test vector', async () => {
		// SDK tests/Helper/SecurityTest.php: secret client_secret, PUT http://localhost/ {} 1441955581
		const { signature } = await import('../../../sandbox');
		expect(signature('client_secret', 'PUT', 'http://localhost/', '{}', '1441955581')).toBe(
			'a2f5a5d56660a648f1c8f3b5f92c746a014cd02e82b28a9891e8c4d4f7998b32',
		);
	});

	it.each(['HM-Client', 'HM-Timestamp', 'HM-Signature', 'Accept'])('refuses a request without %s', async (header) => {
		const response = await api().get('/status/ping/', { headers: { [header]: null } });
		expect(response.status).toBe(401);
		expect(response.json.message).toBe(`Missing ${header} header`);
	});

	it('refuses an unknown client key', async () => {
		const response = await api().get('/status/ping/', { headers: { 'HM-Client': 'x'.repeat(32) } });
		expect(response.status).toBe(401);
		expect(response.json.message).toMatch(/Unknown client key/);
	});

	it('refuses a signature made with the wrong secret and never echoes the secret', async () => {
		const response = await api().get('/status/ping/', { secret: 'w'.repeat(64) });
		expect(response.status).toBe(401);
		expect(response.json.message).toMatch(/Invalid HM-Signature/);
		expect(response.text).not.toContain(sandbox().secretKey);
	});

	it('refuses a malformed signature', async () => {
		const response = await api().get('/status/ping/', { headers: { 'HM-Signature': 'Zm9vYmFy' } });
		expect(response.status).toBe(401);
		expect(response.json.message).toMatch(/64 lower-case hexadecimal/);
	});

	it('refuses a stale or future timestamp outside the window', async () => {
		const now = Math.floor(Date.now() / 1000);
		const stale = await api().get('/status/ping/', { timestamp: now - 301 });
		expect(stale.status).toBe(401);
		expect(stale.json.message).toMatch(/behind the server clock \(allowed: 300 s\)/);
		const future = await api().get('/status/ping/', { timestamp: now + 400 });
		expect(future.status).toBe(401);
		const inWindow = await api().get('/status/ping/', { timestamp: now - 250 });
		expect(inWindow.status).toBe(200);
	});

	it('checks the raw body, not a re-serialised form', async () => {
		const sent = '{"callback_url":  "http://127.0.0.1:1/x"}';
		// same JSON value, different bytes → signature does not match
		const response = await api().post('/subscriptions/', sent, { signedBody: JSON.stringify(JSON.parse(sent)) });
		expect(response.status).toBe(401);
		expect(response.json.message).toMatch(/Invalid HM-Signature/);
		expect(sandbox().control.db.subscriptions).toHaveLength(0);
	});

	it('signs over the raw request-target, query encoding included', async () => {
		const ok = await api().get('/order-units/seller/?ts_created%3Afrom=2024-01-01%2000%3A00%3A00&limit=2');
		expect(ok.status).toBe(200);
		// sign the decoded form but send the encoded one → mismatch
		const url = `${sandbox().baseUrl}/order-units/seller/?ts_created%3Afrom=2024-01-01`;
		const ts = String(Math.floor(Date.now() / 1000));
		const signedDecoded = hmacHex(
			sandbox().secretKey,
			`GET\n${sandbox().baseUrl}/order-units/seller/?ts_created:from=2024-01-01\n\n${ts}`,
		);
		const bad = await rawRequest(
			url,
			'GET',
			{
				Accept: 'application/json',
				'HM-Client': sandbox().clientKey,
				'HM-Timestamp': ts,
				'HM-Signature': signedDecoded,
			},
			'',
		);
		expect(bad.status).toBe(401);
	});

	it('logs every request with its signature verdict, including refused ones', async () => {
		sandbox().control.clearRequests();
		await api().get('/status/ping/?x=1', { secret: 'w'.repeat(64) });
		await api().get('/status/ping/');
		const [refused, accepted] = sandbox().control.requests();
		expect(refused).toMatchObject({
			method: 'GET',
			rawUrl: '/api/v1/status/ping/?x=1',
			path: '/status/ping/',
			query: { x: '1' },
			signatureValid: false,
			status: 401,
			route: 'GET /status/ping/',
		});
		expect(refused.authError).toMatch(/Invalid HM-Signature/);
		expect(refused.headers['hm-client']).toBe(sandbox().clientKey);
		expect(accepted).toMatchObject({ signatureValid: true, status: 200 });
		expect(accepted.seq).toBeGreaterThan(refused.seq);
	});
});
