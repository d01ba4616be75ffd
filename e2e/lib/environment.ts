/**
 * The whole set-up the demo and the e2e tests share: the pinned n8n runtime, our package built, packed
 * and installed into a fresh n8n user folder, credentials pointing at the sandbox, workflows imported
 * (one batch) and published, and n8n started on 127.0.0.1.
 */
import { mkdirSync, readdirSync, rmSync } from 'fs';
import { join } from 'path';

import { N8n, N8nOptions, CredentialFile, WorkflowFile } from './n8n';
import { buildAndPack, installTarball } from './package';
import { ensureRuntime, REPO_ROOT, Runtime } from './runtime';

export interface EnvironmentOptions {
	/** folder name prefix under .e2e/runs/ */
	name: string;
	credentials: CredentialFile[];
	workflows: WorkflowFile[];
	/** ids of workflows to publish before n8n starts */
	publish: string[];
	port?: number;
	owner?: N8nOptions['owner'];
	progress?: (step: string) => void;
	onServerLine?: (line: string) => void;
	extraEnv?: Record<string, string>;
	/** keep this many older run folders of this name under .e2e/runs (default 2) */
	keepRuns?: number;
}

export interface Environment {
	runtime: Runtime;
	n8n: N8n;
	tarball: string;
	timings: Record<string, number>;
}

export async function startEnvironment(options: EnvironmentOptions): Promise<Environment> {
	const progress = options.progress ?? ((step: string) => process.stderr.write(`${step}\n`));
	const timings: Record<string, number> = {};
	const time = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
		const started = Date.now();
		const result = await step();
		timings[label] = Date.now() - started;
		return result;
	};

	progress('Checking the pinned n8n runtime (the first time, it installs it: 5-10 minutes)');
	const runtime = await time('runtime', () => ensureRuntime((line) => progress(`  ${line}`)));

	progress('Building and packing n8n-nodes-seller-marketplace');
	const pack = await time('buildAndPack', () => buildAndPack(join(REPO_ROOT, '.e2e', 'pack')));

	const runs = join(REPO_ROOT, '.e2e', 'runs');
	pruneRuns(runs, { [options.name]: options.keepRuns ?? KEEP_RUNS });
	const userFolder = join(runs, `${options.name}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
	mkdirSync(userFolder, { recursive: true });
	progress(`Installing the package into a private n8n user folder (${userFolder})`);
	await time('install', () => installTarball(userFolder, pack.tarball));

	const n8n = new N8n({
		runtime,
		userFolder,
		port: options.port,
		owner: options.owner,
		onServerLine: options.onServerLine,
		extraEnv: options.extraEnv,
	});
	progress('Importing credentials into n8n (first command creates the database)');
	await time('importCredentials', () => n8n.importCredentials(options.credentials));
	progress(`Importing ${options.workflows.length} workflow(s)`);
	await time('importWorkflows', () => n8n.importWorkflows(options.workflows));
	for (const id of options.publish) {
		progress(`Publishing workflow ${id}`);
		await time(`publish:${id}`, () => n8n.publish(id));
	}
	progress(`Starting n8n ${runtime.n8nVersion} on ${n8n.baseUrl} (about 10 s)`);
	await time('start', () => n8n.start({ published: options.publish }));
	return { runtime, n8n, tarball: pack.tarball, timings };
}

/** `<name>-2026-11-23T02-01-34-701Z`: the folder startEnvironment gives each run. */
const RUN_FOLDER = /^(.+)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)$/;

/** How many older runs of each name stay, unless the run asks for another number for its own name. */
export const KEEP_RUNS = 2;

/**
 * Each run leaves an n8n user folder of about 125 MB (database, logs, the installed package). Before a new
 * run, only the newest few of every name (demo, e2e, bench-real, …) stay, so that the last runs can still be
 * inspected while .e2e/runs does not grow without end. Folders named otherwise are left alone. Returns the
 * folders removed.
 */
export function pruneRuns(dir: string, keepByName: Record<string, number> = {}): string[] {
	let entries: string[];
	try {
		entries = readdirSync(dir);
	} catch {
		return [];
	}
	const byName = new Map<string, Array<{ entry: string; startedAt: string }>>();
	for (const entry of entries) {
		const match = RUN_FOLDER.exec(entry);
		if (!match) continue;
		const [, name, startedAt] = match;
		byName.set(name, [...(byName.get(name) ?? []), { entry, startedAt }]);
	}
	const removed: string[] = [];
	for (const [name, runs] of byName) {
		runs.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
		for (const { entry } of runs.slice(keepByName[name] ?? KEEP_RUNS)) {
			rmSync(join(dir, entry), { recursive: true, force: true });
			removed.push(entry);
		}
	}
	return removed.sort();
}
