/**
 * The sandbox as the user starts it (`npm run sandbox`): Ctrl-C writes the snapshot before exiting and says
 * so, or says why it could not.
 */
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Sandbox } from '../../../sandbox';
import { rawRequest, TestClient } from '../v1/client';
import { budget } from '../../budget';

const ROOT = path.join(__dirname, '..', '..', '..');
const EAN = '4006380999998';

interface Cli {
	child: ChildProcess;
	sandbox: Sandbox;
	output: () => string;
	exited: Promise<number | null>;
}

async function startCli(args: string[]): Promise<Cli> {
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', 'sandbox/cli.ts', '--port', '0', ...args],
		{
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
	child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const started = Date.now();
	while (!/Press Ctrl-C/.test(output)) {
		if (child.exitCode !== null || Date.now() - started > budget(20_000))
			throw new Error(`sandbox did not start:\n${output}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const line = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(output)![1];
	const baseUrl = line('v1 base URL');
	const origin = new URL(baseUrl).origin;
	const sandbox = {
		baseUrl,
		origin,
		controlUrl: `${origin}/_sandbox`,
		clientKey: line('Client key'),
		secretKey: line('Secret key'),
	} as Sandbox;
	return { child, sandbox, output: () => output, exited };
}

async function stop(cli: Cli): Promise<number | null> {
	cli.child.kill('SIGINT');
	const timer = setTimeout(() => cli.child.kill('SIGKILL'), budget(15_000));
	try {
		return await cli.exited;
	} finally {
		clearTimeout(timer);
	}
}

describe('npm run sandbox', () => {
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-cli-'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it(
		'writes the --snapshot file on Ctrl-C, after refusing a document too deep to save',
		async () => {
			const file = path.join(dir, 'state.json');
			const cli = await startCli(['--snapshot', file]);
			try {
				const deep = await new TestClient(cli.sandbox).put(
					`/product-data/${EAN}/`,
					`{"title":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
				);
				const order = await rawRequest(
					`${cli.sandbox.controlUrl}/orders`,
					'POST',
					{ 'Content-Type': 'application/json' },
					'{}',
				);
				expect(order.status).toBe(201);

				expect(await stop(cli)).toBe(0);
				const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { orders: Array<{ id_order: string }> };
				expect(saved.orders.map((o) => o.id_order)).toContain(order.json.order.id_order);
				expect(cli.output()).toContain(`Snapshot saved to ${file}`);
				expect(deep.status).toBe(400);
			} finally {
				cli.child.kill('SIGKILL');
			}
		},
		budget(60_000),
	);

	it(
		'saves named snapshots into the --data-dir folder',
		async () => {
			const data = path.join(dir, 'data');
			const cli = await startCli(['--data-dir', data]);
			try {
				const save = (body: string) =>
					rawRequest(`${cli.sandbox.controlUrl}/save`, 'POST', { 'Content-Type': 'application/json' }, body);
				const named = await save('{"name":"named.json"}');
				expect(named.status).toBe(200);
				expect(named.json).toEqual({ file: path.join(data, 'named.json') });
				expect(fs.readdirSync(data)).toEqual(['named.json']);
				expect((await save(`{"name":"../outside.json"}`)).status).toBe(400);
				expect(fs.existsSync(path.join(dir, 'outside.json'))).toBe(false);
				expect(await stop(cli)).toBe(0);
			} finally {
				cli.child.kill('SIGKILL');
			}
		},
		budget(60_000),
	);

	it(
		'says why the snapshot could not be written and exits with 1',
		async () => {
			// its folder is a file, so the snapshot cannot be written
			fs.writeFileSync(path.join(dir, 'taken'), '');
			const file = path.join(dir, 'taken', 'state.json');
			const cli = await startCli(['--snapshot', file]);
			try {
				expect(await stop(cli)).toBe(1);
				expect(cli.output()).toMatch(
					new RegExp(
						`Could not save the snapshot to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*(EEXIST|ENOTDIR)`,
					),
				);
				expect(cli.output()).not.toMatch(/\n\s+at /);
			} finally {
				cli.child.kill('SIGKILL');
			}
		},
		budget(60_000),
	);

	it(
		'refuses a time scale of 0 before starting',
		async () => {
			const child = spawn(
				process.execPath,
				['-r', 'ts-node/register/transpile-only', 'sandbox/cli.ts', '--port', '0', '--time-scale', '0'],
				{
					cwd: ROOT,
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let output = '';
			child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
			const timer = setTimeout(() => child.kill('SIGKILL'), budget(15_000));
			const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
			clearTimeout(timer);
			expect(code).toBe(1);
			expect(output).toMatch(/time.?scale must be/i);
		},
		budget(60_000),
	);
});
