/** API Status → Ping through n8n-core against the v2 sandbox: the signed request and the item output. */
import { SellerMarketplaceV2Api } from '../../../../../credentials/SellerMarketplaceV2Api.credentials';
import { runCredentialTest } from '../../../../harness/credential-test';
import { runSellerNodeV2, type SellerCredentialsV2 } from '../../../../harness/workflow';
import { expectSigned, useSandboxV2 } from '../../setup';

const v2 = useSandboxV2({}, 'status');

describe('API Status → Ping', () => {
	it('sends one signed GET /status/ping and outputs the message', async () => {
		const run = await v2.run({ operation: 'ping' });

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/status/ping',
			rawUrl: '/v2/status/ping',
			body: '',
			status: 200,
			operationId: 'Ping',
		});
		expectSigned(request, v2.credentials());
		expect(request.headers['shop-partner-client-key']).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toEqual({ message: expect.any(String) });
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe("API v2 credentials: the editor's credential test", () => {
	const credentialType = new SellerMarketplaceV2Api();
	const test = async (change: Partial<SellerCredentialsV2> = {}) =>
		await runCredentialTest(credentialType, { ...v2.credentials(), ...change });

	it('good keys: "Connection successful" after one signed ping', async () => {
		expect(await test()).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/status/ping', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
	});

	it('a wrong Secret Key: says the secret is wrong and the client key is known', async () => {
		const result = await test({ secretKey: 'x'.repeat(64) });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The Client Key is known, but the signature does not match: the Secret Key/);
		expect(v2.requests()[0]).toMatchObject({ status: 401, signatureValid: false });
		expect(result.message).not.toContain('x'.repeat(64));
	});

	it('an unknown Client Key: says the marketplace does not know it', async () => {
		const result = await test({ clientKey: 'k'.repeat(32) });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/^The marketplace does not know this Client Key/),
		});
		expect(v2.requests()[0]).toMatchObject({ status: 401 });
	});

	it.each([
		[
			401,
			'about:blank',
			/^The marketplace refused the test request without naming a reason\. Most often the keys are wrong: check the Client Key and the Secret Key/,
		],
		[
			500,
			'/problems/server-error',
			/^The marketplace failed while answering the test request .* The keys were not judged/,
		],
	])(
		'a %s answer of type %s (as the OpenAPI allows for the ping) is judged by its problem, not as a wrong Base URL',
		async (status, type, message) => {
			v2.sandbox().control.scriptAnswer({
				operationId: 'Ping',
				status,
				body: { type, message: 'Unauthorized', errors: [] },
			});
			const result = await test();
			expect(result).toEqual({ status: 'Error', message: expect.stringMatching(message) });
			expect(result.message).not.toMatch(/Base URL/);
			expect(v2.requests()).toEqual([
				expect.objectContaining({ method: 'GET', path: '/status/ping', status, signatureValid: true }),
			]);
		},
	);

	it('a key of the wrong length: says which and sends nothing', async () => {
		const result = await test({ secretKey: 'short' });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringContaining('The Secret Key must be 64 characters long, but it has 5'),
		});
		expect(v2.requests()).toHaveLength(0);
	});

	it('a remote Base URL over plain http: refused, nothing sent', async () => {
		const result = await test({ baseUrl: v2.credentials().baseUrl.replace('127.0.0.1', 'sandbox.example.com') });
		expect(result).toEqual({ status: 'Error', message: expect.stringContaining('must start with https://') });
		expect(v2.requests()).toHaveLength(0);
	});

	it('a Base URL of the v1 API: refused, nothing sent', async () => {
		const result = await test({ baseUrl: v2.sandbox().baseUrl });
		expect(result).toEqual({ status: 'Error', message: expect.stringContaining('ending in /v2') });
		expect(v2.sandbox().control.requests()).toHaveLength(0);
	});

	it('partner keys: both signatures are sent and accepted', async () => {
		const partner = {
			partnerClientKey: v2.sandbox().partnerClientKey,
			partnerSecretKey: v2.sandbox().partnerSecretKey,
		};
		expect(await test(partner)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(v2.requests()[0].headers).toMatchObject({
			'shop-partner-client-key': partner.partnerClientKey,
			'shop-partner-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		expect(v2.requests()[0]).toMatchObject({ status: 200, signatureValid: true });
	});

	it('a wrong partner secret: says the signature does not match', async () => {
		const result = await test({ partnerClientKey: v2.sandbox().partnerClientKey, partnerSecretKey: 'q'.repeat(64) });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/signature does not match.*Partner Secret Key/),
		});
		expect(v2.requests()[0]).toMatchObject({ status: 401 });
	});
});

describe('API Status → Ping with partner keys, and with wrong keys', () => {
	it('a partner workflow signs every request twice', async () => {
		const partner = {
			...v2.credentials(),
			partnerClientKey: v2.sandbox().partnerClientKey,
			partnerSecretKey: v2.sandbox().partnerSecretKey,
		};
		const run = await runSellerNodeV2(partner, { parameters: { resource: 'status', operation: 'ping' } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ status: 200, signatureValid: true });
		expect(v2.requests()[0].headers['shop-partner-client-key']).toBe(partner.partnerClientKey);
	});

	it('a wrong Secret Key fails the run with a 401 that says what to check', async () => {
		const run = await runSellerNodeV2(
			{ ...v2.credentials(), secretKey: 'z'.repeat(64) },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);
		expect(run.error?.message).toBe(
			'Could not ping the API: the Secret Key (or Partner Secret Key) is wrong, so the signature does not match',
		);
		expect(run.error?.description).toContain('the Secret Key (or Partner Secret Key) is wrong');
		expect(run.error?.description).toContain('Problem type: /problems/corrupted-signature');
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ status: 401, signatureValid: false });
	});
});
