/**
 * Build the package, pack it with npm, and install the tarball into an n8n user folder the way n8n's
 * community-package installer does (extract into <userFolder>/.n8n/nodes/node_modules/<name>).
 */
import { execFile } from 'child_process';
import { mkdirSync, readdirSync, rmSync } from 'fs';
import { join } from 'path';
import { promisify } from 'util';

import { PACKAGE_NAME, REPO_ROOT } from './runtime';

const run = promisify(execFile);

export interface PackResult {
	tarball: string;
	buildMs: number;
	packMs: number;
}

/** `n8n-node build` then `npm pack` into outDir. */
export async function buildAndPack(outDir: string): Promise<PackResult> {
	mkdirSync(outDir, { recursive: true });
	let started = Date.now();
	try {
		await run('npx', ['--no-install', 'n8n-node', 'build'], {
			cwd: REPO_ROOT,
			maxBuffer: 64 * 1024 * 1024,
			env: { ...process.env, CI: '1' },
		});
	} catch (error) {
		const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
		throw new Error(`n8n-node build failed:\n${stripAnsi(stdout + stderr).slice(-4000)}`);
	}
	const buildMs = Date.now() - started;
	started = Date.now();
	for (const old of readdirSync(outDir)) if (old.endsWith('.tgz')) rmSync(join(outDir, old));
	const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], {
		cwd: REPO_ROOT,
		maxBuffer: 64 * 1024 * 1024,
	});
	const [info] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
	return { tarball: join(outDir, info.filename), buildMs, packMs: Date.now() - started };
}

/** What n8n does on "Install community node": the tarball's package/ folder becomes node_modules/<name>. */
export async function installTarball(userFolder: string, tarball: string): Promise<string> {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	return target;
}

export function stripAnsi(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
