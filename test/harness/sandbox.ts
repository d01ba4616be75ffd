/**
 * The sandbox as the node's tests start it: strict, so only the spec's literal paths and body shapes are
 * answered and every alias (a second form the lenient sandbox also takes) is refused. A test of the node
 * therefore fails if the node sends anything but what the spec writes (docs/decisions.md).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { SellerCredentials } from './workflow';

export function startStrictSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ ...options, strict: true });
}

/** One strict sandbox for a test file, reset before each test, with credentials for it. */
export function useStrictSandbox(options: SandboxOptions = {}): { sandbox: () => Sandbox; credentials: () => SellerCredentials } {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startStrictSandbox(options);
	});
	afterAll(async () => await sandbox?.close());
	beforeEach(() => sandbox!.control.reset());
	return {
		sandbox: () => sandbox!,
		credentials: () => ({ clientKey: sandbox!.clientKey, secretKey: sandbox!.secretKey, baseUrl: sandbox!.baseUrl }),
	};
}
