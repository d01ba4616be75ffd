import { ChildProcess, spawn } from 'child_process';
import path from 'path';
import { rawRequest } from './client';
import { budget } from '../../budget';

const ROOT = path.join(__dirname, '../../..');

/** `npm run sandbox -- <args>` without npm: resolves with the printed lines once the sandbox is ready. */
function startCli(args: string[]): {
	child: ChildProcess;
	ready: Promise<string[]>;
	exited: Promise<number | null>;
	output: () => string;
} {
	const child = spawn(
		process.execPath,
		[require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'sandbox/cli.ts', ...args],
		{
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const ready = new Promise<string[]>((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes('Press Ctrl-C to stop.')) resolve(output.split('\n'));
		});
		child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
		void exited.then((code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
	});
	// a start that fails is asserted through `exited`; `ready` may then stay unobserved
	ready.catch(() => undefined);
	return { child, ready, exited, output: () => output };
}

describe('npm run sandbox: the v2 options', () => {
	it(
		'takes --rate-limit and --storefronts and prints the v2 base URL and the partner keys',
		async () => {
			const cli = startCli(['--port', '0', '--rate-limit', '3', '--storefronts', 'de,pl']);
			try {
				const lines = await cli.ready;
				const v2Line = lines.find((line) => line.includes('v2 base URL:'))!;
				expect(v2Line).toMatch(/v2 base URL: http:\/\/127\.0\.0\.1:\d+\/v2 {2}\(storefronts de, pl; rate limit 3\)/);
				expect(lines.some((line) => /v2 partner client key: sbxpartner/.test(line))).toBe(true);
				const origin = /(http:\/\/127\.0\.0\.1:\d+)\/v2/.exec(v2Line)![1];
				const info = await rawRequest(`${origin}/_sandbox/`, 'GET', {}, '');
				expect(info.json).toMatchObject({
					v2BaseUrl: `${origin}/v2`,
					storefronts: ['de', 'pl'],
					rateLimitPerSecond: 3,
				});
			} finally {
				cli.child.kill('SIGTERM');
				await cli.exited;
			}
		},
		budget(60_000),
	);

	it(
		'stops with a message naming a storefront that does not exist',
		async () => {
			const cli = startCli(['--port', '0', '--storefronts', 'de,uk']);
			expect(await cli.exited).toBe(1);
			expect(cli.output()).toContain('storefronts must be some of de, cz, sk, pl, at, fr, it, es, nl; got de, uk');
			await expect(cli.ready).rejects.toThrow();
		},
		budget(60_000),
	);
});
