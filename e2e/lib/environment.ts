/**
 * The whole set-up the demo and the e2e tests share: the pinned n8n runtime, our package built, packed
 * and installed into a fresh n8n user folder, credentials pointing at the sandbox, workflows imported
 * (one batch) and published, and n8n started on 127.0.0.1.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'fs';
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
	/** keep this many older run folders of the same name (default 2) */
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

	progress('Checking the pinned n8n runtime (installs it on first use: 3-5 minutes)');
	const runtime = await time('runtime', () => ensureRuntime((line) => progress(`  ${line}`)));

	progress('Building and packing n8n-nodes-seller-marketplace');
	const pack = await time('buildAndPack', () => buildAndPack(join(REPO_ROOT, '.e2e', 'pack')));

	const runs = join(REPO_ROOT, '.e2e', 'runs');
	pruneRuns(runs, options.name, options.keepRuns ?? 2);
	const userFolder = join(runs, `${options.name}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
	mkdirSync(userFolder, { recursive: true });
	progress(`Installing the package into a private n8n user folder (${userFolder})`);
	await time('install', () => installTarball(userFolder, pack.tarball));

	const n8n = new N8n({ runtime, userFolder, port: options.port, owner: options.owner, onServerLine: options.onServerLine, extraEnv: options.extraEnv });
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

function pruneRuns(dir: string, name: string, keep: number): void {
	let entries: string[] = [];
	try {
		entries = readdirSync(dir).filter((entry) => entry.startsWith(`${name}-`));
	} catch {
		return;
	}
	const sorted = entries.map((entry) => ({ entry, at: statSync(join(dir, entry)).mtimeMs })).sort((a, b) => b.at - a.at);
	for (const { entry } of sorted.slice(keep)) rmSync(join(dir, entry), { recursive: true, force: true });
}
