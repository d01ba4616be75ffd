/**
 * The sandbox as tests start it. `useSandbox` is the one "sandbox for this test file" helper: started before the
 * file's tests, closed after them, back to its seed before each test (unless `resetEachTest: false`), and with
 * `checkResponses` every test ends with no sandbox answer that broke the OpenAPI. The helpers that add a client or
 * credentials build on it (test/sandbox/v1/client.ts, test/sandbox/v2/client.ts, test/SellerMarketplace/v2/setup.ts).
 *
 * The node's tests start it strict (`strict: true`, or `startStrictSandbox`): only the spec's literal paths and body
 * shapes are answered and every alias (a second form the lenient sandbox also takes) is refused, so a test of the
 * node fails if the node sends anything but what the spec writes (docs/decisions.md).
 */
import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { startSandbox, type Sandbox, type SandboxOptions, type StartOptions } from '../../sandbox';
import type { SellerCredentials, SellerCredentialsV2 } from './workflow';

export function startStrictSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ ...options, strict: true });
}

export interface SandboxLifecycle {
	/** back to the seed (or snapshot) before each test; default true */
	resetEachTest?: boolean;
	/** after each test, expect no answer that broke the OpenAPI (`control.responseViolations()`); default false */
	checkResponses?: boolean;
}

export interface FileSandbox {
	sandbox(): Sandbox;
	/** API v1 credentials for the sandbox's keys */
	credentials(): SellerCredentials;
	/** API v2 credentials for the sandbox's keys (storefront de, the node's User-Agent) */
	credentialsV2(): SellerCredentialsV2;
}

/** One sandbox for a test file (see the header). */
export function useSandbox(options: StartOptions = {}, lifecycle: SandboxLifecycle = {}): FileSandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox(options);
	});
	afterAll(async () => await sandbox?.close());
	if (lifecycle.resetEachTest !== false) beforeEach(() => sandbox!.control.reset());
	if (lifecycle.checkResponses) afterEach(() => expect(sandbox!.control.responseViolations()).toEqual([]));
	return {
		sandbox: () => sandbox!,
		credentials: () => ({ clientKey: sandbox!.clientKey, secretKey: sandbox!.secretKey, baseUrl: sandbox!.baseUrl }),
		credentialsV2: () => ({
			clientKey: sandbox!.clientKey,
			secretKey: sandbox!.secretKey,
			baseUrl: sandbox!.v2BaseUrl,
			storefront: 'de',
			userAgent: DEFAULT_USER_AGENT,
		}),
	};
}
