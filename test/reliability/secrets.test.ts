/**
 * The secret key never shows: not in errors, output or logs. The harness checks every workflow run of
 * every test (test/harness/workflow.ts); this file proves the check itself bites and drives the error
 * paths where a key would most likely leak.
 */
import type { Sandbox } from '../../sandbox';
import { startStrictSandbox } from '../harness/sandbox';
import { assertNoSecrets, logLines } from '../harness/secrets';
import { runSellerNode, type SellerCredentials } from '../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());

it('the check finds a secret hidden in an error description', () => {
	const error = new Error('failed');
	Object.assign(error, { description: `signed with ${credentials.secretKey}` });
	expect(() => assertNoSecrets({ resultData: { error } }, [credentials.secretKey])).toThrow('A secret');
	expect(() => assertNoSecrets({ resultData: { error: new Error('failed') } }, [credentials.secretKey])).not.toThrow();
});

it.each([
	[
		'a wrong secret key (401)',
		() => ({ ...credentials, secretKey: credentials.secretKey.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }),
	],
	['a secret key of the wrong length', () => ({ ...credentials, secretKey: `${credentials.secretKey}x` })],
	['a client key of the wrong length', () => ({ ...credentials, clientKey: 'short' })],
	['an unreachable API', () => ({ ...credentials, baseUrl: 'http://127.0.0.1:9/api/v1' })],
	['a base URL without /v1', () => ({ ...credentials, baseUrl: `${sandbox.origin}/api/v2` })],
])('%s: the error names the problem but not the key', async (_name, makeCredentials) => {
	const used = makeCredentials();
	const run = await runSellerNode(used, {
		parameters: { resource: 'status', operation: 'ping', requestOptions: { maxRetries: 0 } },
	});
	expect(run.error).toBeDefined();
	for (const secret of [credentials.secretKey, used.secretKey]) {
		expect(JSON.stringify({ message: run.error?.message, description: run.error?.description })).not.toContain(secret);
		expect(logLines.join('\n')).not.toContain(secret);
	}
});
