/**
 * Credentials: requests use HTTPS only (the spec, Authentication rule 2). Plain http is refused before
 * anything is signed or sent, except for a loopback address, where the local sandbox runs. The message
 * names the rule and the address, never a key.
 */
import { describeInsecureBaseUrl } from '../../../nodes/api/v1/signing';
import { useSandbox } from '../../harness/sandbox';
import { runRequestProbe, runSellerNode } from '../../harness/workflow';

const strict = useSandbox({ strict: true });

const HTTPS_RULE =
	/^The Base URL must start with https:\/\/, because the API takes requests over HTTPS only \(got http:\/\/seller\.example\/api\/v1\)\. Plain http is allowed only for an address on this machine \(127\.0\.0\.1, localhost or \[::1\]\)\.$/;

describe('Credentials: HTTPS only, loopback excepted', () => {
	it('signs and sends over plain http to a loopback address (the sandbox)', async () => {
		const sandbox = strict.sandbox();
		const credentials = strict.credentials();
		expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);

		const run = await runSellerNode(credentials, { parameters: { resource: 'status', operation: 'ping' } });

		expect(run.error).toBeUndefined();
		expect(sandbox.control.requests()).toEqual([
			expect.objectContaining({ method: 'GET', rawUrl: '/api/v1/status/ping/', signatureValid: true, status: 200 }),
		]);
	});

	it('refuses a plain http address elsewhere before anything is sent, through the node', async () => {
		const credentials = strict.credentials();
		const run = await runSellerNode(
			{ ...credentials, baseUrl: 'http://seller.example/api/v1' },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);

		expect(run.error?.message).toMatch(HTTPS_RULE);
		expect(run.items).toEqual([]);
	});

	it('refuses it for the HTTP Request node and the credential test too', async () => {
		const credentials = strict.credentials();
		const run = await runRequestProbe(
			{ ...credentials, baseUrl: 'http://seller.example/api/v1' },
			{
				mode: 'httpRequest',
				method: 'GET',
				baseURL: 'http://seller.example/api/v1',
				url: '/status/ping/',
			},
		);

		expect(run.error?.message).toMatch(HTTPS_RULE);
		expect(run.json).toBeUndefined();
	});

	it('never shows a key, not even one written into the address', async () => {
		const credentials = strict.credentials();
		const { clientKey, secretKey } = credentials;
		const baseUrl = `http://${clientKey}:${secretKey}@seller.example/${secretKey}/api/v1?key=${secretKey}`;

		const message = describeInsecureBaseUrl({ clientKey, secretKey, baseUrl }) ?? '';
		const run = await runSellerNode(
			{ ...credentials, baseUrl },
			{ parameters: { resource: 'status', operation: 'ping' } },
		);

		expect(message).toBe(
			'The Base URL must start with https://, because the API takes requests over HTTPS only (got http://seller.example/…/api/v1). ' +
				'Plain http is allowed only for an address on this machine (127.0.0.1, localhost or [::1]).',
		);
		const shown = JSON.stringify({
			error: run.error?.message,
			description: run.error?.description,
			data: run.run.data,
		});
		expect(shown).toContain('The Base URL must start with https://');
		expect(shown).not.toContain(secretKey);
		expect(shown).not.toContain(clientKey);
	});

	it.each([
		['https to the marketplace', 'https://www.kaufland.de/api/v1', undefined],
		['http to 127.0.0.1', 'http://127.0.0.1:8787/api/v1', undefined],
		['http to another loopback address', 'http://127.1.2.3/api/v1', undefined],
		['http to localhost', 'http://localhost:8787/api/v1', undefined],
		['http to [::1]', 'http://[::1]:8787/api/v1', undefined],
		[
			'http to a host named like a loopback address',
			'http://127.0.0.1.seller.example/api/v1',
			/got http:\/\/127\.0\.0\.1\.seller\.example\/api\/v1/,
		],
		[
			'http to a host starting with localhost',
			'http://localhost.seller.example/api/v1',
			/got http:\/\/localhost\.seller\.example\/api\/v1/,
		],
		['http to a private address', 'http://10.0.0.8/api/v1', /got http:\/\/10\.0\.0\.8\/api\/v1/],
		['something that is not an address (the format check reports it)', 'www.kaufland.de/api/v1', undefined],
	])('%s', (_case, baseUrl, problem) => {
		const message = describeInsecureBaseUrl({ ...strict.credentials(), baseUrl });
		if (problem) expect(message).toMatch(problem);
		else expect(message).toBeUndefined();
	});
});
