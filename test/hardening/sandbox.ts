/** One sandbox per test file, started before its tests and closed after them. */
import { startSandbox, type Sandbox } from '../../sandbox';
import type { SellerCredentials } from '../harness/workflow';

export interface SandboxUnderTest {
	sandbox: Sandbox;
	/** Credentials for the sandbox's keys; their Base URL is the sandbox's. */
	credentials: SellerCredentials;
}

export function useSandbox(): SandboxUnderTest {
	const state = {} as SandboxUnderTest;
	beforeAll(async () => {
		state.sandbox = await startSandbox();
		state.credentials = { clientKey: state.sandbox.clientKey, secretKey: state.sandbox.secretKey, baseUrl: state.sandbox.baseUrl };
	});
	afterAll(async () => await state.sandbox.close());
	return state;
}
