/**
 * What `npm run demo` prints about the sandbox once n8n is ready: for the v2 demo (the default), the API v2
 * address and the keys a seller types into a Seller Marketplace V2 API credential of their own; the v1 address
 * only in the v1 demo.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { sandboxLines } from '../../scripts/demo';

let sandbox: Sandbox;
beforeAll(async () => (sandbox = await startSandbox({ host: '127.0.0.1', port: 0 })));
afterAll(async () => await sandbox.close());

it("the v2 demo names the API v2 address and the sandbox's keys, and not the v1 address", () => {
	const lines = sandboxLines(sandbox, 'v2');
	expect(lines[0]).toBe(
		`Sandbox API v2: ${sandbox.v2BaseUrl}   (Base URL of the "Seller Marketplace V2 API" credential)`,
	);
	expect(lines).toContain(`  Client Key: ${sandbox.clientKey}`);
	expect(lines).toContain(`  Secret Key: ${sandbox.secretKey}   (the local sandbox's own keys, valid nowhere else)`);
	expect(lines.join('\n')).not.toContain(sandbox.baseUrl);
	expect(sandbox.v2BaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*v2$/);
});

it('the v1 demo names the API v1 address', () => {
	expect(sandboxLines(sandbox, 'v1')[0]).toBe(
		`Sandbox API v1: ${sandbox.baseUrl}   (Base URL of the "Seller Marketplace Version 1 (Retired) API" credential)`,
	);
});
