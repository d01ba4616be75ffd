/**
 * A wrong clock on the machine running n8n: the sandbox runs in its own process on the right time, while this
 * process's clock is set 10 minutes ahead, as a machine without time synchronisation would be.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { SellerMarketplaceV2Api } from '../../../credentials/SellerMarketplaceV2Api.credentials';
import { WRONG_CLOCK_MESSAGE } from '../../../nodes/api/v2/credentialTest';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { runCredentialTest } from '../../harness/credential-test';
import { runSellerNodeV2, type SellerCredentialsV2 } from '../../harness/workflow';
import { budget } from '../../budget';

let child: ChildProcess;
let credentials: SellerCredentialsV2;
let controlUrl: string;

beforeAll(async () => {
	const root = join(__dirname, '../../..');
	child = fork(join(root, 'sandbox/cli.ts'), ['--port', '0'], {
		cwd: root,
		execArgv: ['-r', 'ts-node/register/transpile-only'],
		stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
	});
	const printed = await new Promise<string>((resolve, reject) => {
		let text = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			text += chunk.toString('utf8');
			if (text.includes('Control API:')) resolve(text);
		});
		child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${text}`)));
	});
	const value = (label: string) => new RegExp(`${label}\\s*(\\S+)`).exec(printed)![1];
	credentials = {
		clientKey: value('Client key:'),
		secretKey: value('Secret key:'),
		baseUrl: value('v2 base URL:'),
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
	controlUrl = value('Control API:').replace(/\/$/, '');
}, budget(60_000));

afterAll(() => {
	child.kill();
});

afterEach(() => jest.restoreAllMocks());

const realNow = Date.now.bind(Date);
const clockAhead = () => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 10 * 60 * 1000);

async function lastRequest(): Promise<{ status: number; path: string; headers: Record<string, string> }> {
	const response = await fetch(`${controlUrl}/requests`);
	const entries = (await response.json()) as Array<{ status: number; path: string; headers: Record<string, string> }>;
	return entries[entries.length - 1];
}

it('the credential test says the clock is wrong, not the keys', async () => {
	clockAhead();
	const result = await runCredentialTest(new SellerMarketplaceV2Api(), { ...credentials });
	jest.restoreAllMocks();
	expect(result).toEqual({ status: 'Error', message: WRONG_CLOCK_MESSAGE });
	const request = await lastRequest();
	expect(request).toMatchObject({ status: 401, path: '/status/ping' });
	expect(Number(request.headers['shop-timestamp']) - realNow() / 1000).toBeGreaterThan(590);
});

it('with the clock right again, the same credentials pass', async () => {
	expect(await runCredentialTest(new SellerMarketplaceV2Api(), { ...credentials })).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
});

it('a workflow run with the wrong clock fails with a hint at the clock', async () => {
	clockAhead();
	const run = await runSellerNodeV2(credentials, { parameters: { resource: 'status', operation: 'ping' } });
	jest.restoreAllMocks();
	expect(run.error?.message).toBe(
		'Could not ping the API: the clock of the machine running n8n is more than 5 minutes off',
	);
	expect(run.error?.description).toContain(
		"the clock of the machine running n8n must be within 5 minutes of the marketplace's",
	);
	expect(await lastRequest()).toMatchObject({ status: 401, path: '/status/ping' });
});
