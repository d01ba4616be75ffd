/**
 * The editor's credential test of the API v1 credentials with wrong keys, run as n8n runs it (n8n-core's
 * RoutingNode, then n8n's rules): it says keys or clock, as the node's own 401 does, instead of "Unauthorized".
 * (The v2 credentials name the key or the clock exactly: test/SellerMarketplace/v2/actions/status/ping.test.ts,
 * test/SellerMarketplace/v2/credential-clock.test.ts.)
 */
import { SellerMarketplaceApi } from '../../../credentials/SellerMarketplaceApi.credentials';
import { runCredentialTest } from '../../harness/credential-test';
import { useSandbox } from '../../harness/sandbox';

const v1 = useSandbox({ strict: true });
const credentialType = new SellerMarketplaceApi();
const KEYS_OR_CLOCK =
	"The marketplace did not accept the request signature. Check that the Client Key and Secret Key are copied exactly from the seller account's API settings, and that the clock of the machine running n8n is right: every request is signed with the current time.";

describe("API v1 credentials: the editor's credential test", () => {
	it('good keys: "Connection successful" after one signed ping', async () => {
		expect(await runCredentialTest(credentialType, { ...v1.credentials() })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(v1.sandbox().control.requests()).toEqual([
			expect.objectContaining({ method: 'GET', path: '/status/ping/', status: 200, signatureValid: true }),
		]);
	});

	it('a wrong Secret Key: keys or clock, and no key in the message', async () => {
		const secretKey = 'x'.repeat(64);
		const result = await runCredentialTest(credentialType, { ...v1.credentials(), secretKey });
		expect(result).toEqual({ status: 'Error', message: KEYS_OR_CLOCK });
		// n8n-core sends a request refused with 401 once more, as it does for every credential.
		expect(v1.sandbox().control.requests()).toEqual([
			expect.objectContaining({ path: '/status/ping/', status: 401, signatureValid: false }),
			expect.objectContaining({ path: '/status/ping/', status: 401, signatureValid: false }),
		]);
		expect(result.message).not.toContain(secretKey);
	});

	it('an unknown Client Key: the same words', async () => {
		const result = await runCredentialTest(credentialType, { ...v1.credentials(), clientKey: 'b'.repeat(32) });
		expect(result).toEqual({ status: 'Error', message: KEYS_OR_CLOCK });
		expect(
			v1
				.sandbox()
				.control.requests()
				.map((request) => [request.path, request.status, request.headers['hm-client']]),
		).toEqual([
			['/status/ping/', 401, 'b'.repeat(32)],
			['/status/ping/', 401, 'b'.repeat(32)],
		]);
	});

	it('a key of the wrong length is refused before anything is sent', async () => {
		const result = await runCredentialTest(credentialType, { ...v1.credentials(), secretKey: 'short' });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Secret Key');
		expect(v1.sandbox().control.requests()).toEqual([]);
	});
});
