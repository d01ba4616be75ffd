/**
 * n8n in queue mode, the way n8n scales past one process: Redis and PostgreSQL (scripts/queue-mode/start.sh),
 * one main process (`n8n start`: editor, REST, activation of triggers), webhook processors (`n8n webhook`:
 * they receive production webhook calls and put executions on the queue) behind a loopback proxy, and
 * workers (`n8n worker`: they run the executions). Each run gets its own database and Redis key prefixes,
 * so runs never see each other's queue or cache.
 */
import { execFile } from 'child_process';
import { mkdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { promisify } from 'util';

import { CredentialFile, N8n, N8nOptions, PostgresDatabase, WorkflowFile } from './n8n';
import { installTarball } from './package';
import { freePort, REPO_ROOT, Runtime } from './runtime';
import { startWebhookProxy, WebhookProxy, WebhookProxyOptions } from './webhook-proxy';

const run = promisify(execFile);

export interface QueueServices {
	redis: { host: string; port: number; password: string };
	/** the `n8n` role's own database; runs create theirs beside it (createRunDatabase) */
	postgres: PostgresDatabase;
	/** what this call started ('redis', 'postgres'); stopQueueServices stops only those */
	started: string[];
}

/** scripts/queue-mode/start.sh: installs Redis and PostgreSQL if missing, starts them, says how to reach them. */
export async function startQueueServices(
	onLine: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<QueueServices> {
	let result: { stdout: string; stderr: string };
	try {
		result = await run('bash', [join(REPO_ROOT, 'scripts', 'queue-mode', 'start.sh')], {
			cwd: REPO_ROOT,
			maxBuffer: 16 * 1024 * 1024,
			timeout: 600_000,
		});
	} catch (error) {
		const { stderr = '' } = error as { stderr?: string };
		throw new Error(`scripts/queue-mode/start.sh failed:\n${stderr.slice(-3000)}`);
	}
	for (const line of result.stderr.split('\n')) if (line.trim()) onLine(line);
	const values = Object.fromEntries(
		result.stdout
			.split('\n')
			.filter((line) => /^[A-Z_]+=/.test(line))
			.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
	);
	const value = (name: string) => {
		if (values[name] === undefined) throw new Error(`scripts/queue-mode/start.sh did not print ${name}`);
		return values[name];
	};
	return {
		redis: {
			host: value('QUEUE_BULL_REDIS_HOST'),
			port: Number(value('QUEUE_BULL_REDIS_PORT')),
			password: value('QUEUE_BULL_REDIS_PASSWORD'),
		},
		postgres: {
			host: value('DB_POSTGRESDB_HOST'),
			port: Number(value('DB_POSTGRESDB_PORT')),
			user: value('DB_POSTGRESDB_USER'),
			password: value('DB_POSTGRESDB_PASSWORD'),
			database: value('DB_POSTGRESDB_DATABASE'),
		},
		started: value('QUEUE_MODE_STARTED').split(',').filter(Boolean),
	};
}

/** scripts/queue-mode/stop.sh, when this run started a server (one that was already running is left as found). */
export async function stopQueueServices(services: QueueServices): Promise<void> {
	if (!services.started.length) return;
	await run('bash', [join(REPO_ROOT, 'scripts', 'queue-mode', 'stop.sh')], { cwd: REPO_ROOT, timeout: 120_000 });
}

/** Runs SQL statements in `database` (pg from the runtime, under its Node 24; the password stays in the environment). */
export async function runSql(runtime: Runtime, database: PostgresDatabase, statements: string[]): Promise<void> {
	const script = `
const { Client } = require('pg');
const client = new Client(JSON.parse(process.env.N8N_E2E_POSTGRES));
(async () => { await client.connect(); for (const sql of JSON.parse(process.env.N8N_E2E_SQL)) await client.query(sql); await client.end(); })()
  .catch((error) => { console.error(error.message); process.exit(1); });`;
	await run(runtime.node, ['-e', script], {
		env: {
			NODE_PATH: runtime.modules,
			PATH: process.env.PATH,
			N8N_E2E_POSTGRES: JSON.stringify(database),
			N8N_E2E_SQL: JSON.stringify(statements),
		},
		timeout: 120_000,
	});
}

function checkDatabaseName(name: string): void {
	if (!/^[a-z][a-z0-9_]{0,62}$/.test(name))
		throw new Error(`'${name}' is not a database name this library creates (a-z, 0-9, _)`);
}

/** Process ids of the running Redis and PostgreSQL servers (for their CPU time); none when they are not running. */
export function serviceProcessIds(): number[] {
	const dir = process.env.QUEUE_MODE_DIR ?? join(REPO_ROOT, '.e2e', 'queue-mode');
	const firstLine = (file: string) => {
		try {
			return Number(readFileSync(file, 'utf8').split('\n')[0]);
		} catch {
			return NaN;
		}
	};
	return [firstLine(join(dir, 'redis', 'redis.pid')), firstLine(join(dir, 'postgres', 'postmaster.pid'))].filter(
		(pid) => Number.isInteger(pid) && pid > 0,
	);
}

/** A fresh, empty database owned by the n8n role (n8n creates its tables on first start). */
export async function createRunDatabase(
	runtime: Runtime,
	services: QueueServices,
	name: string,
): Promise<PostgresDatabase> {
	checkDatabaseName(name);
	await runSql(runtime, services.postgres, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
	return { ...services.postgres, database: name };
}

export async function dropRunDatabase(runtime: Runtime, services: QueueServices, name: string): Promise<void> {
	checkDatabaseName(name);
	await runSql(runtime, services.postgres, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
}

export interface QueueClusterOptions {
	runtime: Runtime;
	/** the package's npm tarball, installed into every process's user folder */
	tarball: string;
	/** a folder for the processes' user folders and logs */
	folder: string;
	services: QueueServices;
	database: PostgresDatabase;
	/** separates this run's Redis keys (queue, pub/sub, cache) from any other run's */
	runId: string;
	webhookProcessors?: number;
	workers?: number;
	/** executions one worker runs at once (`n8n worker --concurrency`, n8n's default 10) */
	workerConcurrency?: number;
	owner?: N8nOptions['owner'];
	/** for every process, e.g. N8N_EXPRESSION_ENGINE */
	extraEnv?: Record<string, string>;
	proxy?: Pick<WebhookProxyOptions, 'route' | 'loseAnswer' | 'copy'>;
}

export class QueueCluster {
	readonly main: N8n;
	readonly webhookProcessors: N8n[];
	readonly workers: N8n[];
	readonly proxy: WebhookProxy;
	private readonly workerConcurrency: number;

	private constructor(
		main: N8n,
		webhookProcessors: N8n[],
		workers: N8n[],
		proxy: WebhookProxy,
		workerConcurrency: number,
	) {
		this.main = main;
		this.webhookProcessors = webhookProcessors;
		this.workers = workers;
		this.proxy = proxy;
		this.workerConcurrency = workerConcurrency;
	}

	/** Folders, ports and the proxy; nothing of n8n runs yet (see prepare and start). */
	static async create(options: QueueClusterOptions): Promise<QueueCluster> {
		if (!/^[a-z0-9-]{1,40}$/.test(options.runId)) throw new Error(`runId '${options.runId}' must be a-z, 0-9 and -`);
		const webhookPorts = await Promise.all(Array.from({ length: options.webhookProcessors ?? 2 }, () => freePort()));
		const proxy = await startWebhookProxy({
			upstreams: webhookPorts.map((port) => `http://127.0.0.1:${port}`),
			...options.proxy,
		});
		const { redis } = options.services;
		const env: Record<string, string> = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_BULL_REDIS_PASSWORD: redis.password,
			QUEUE_BULL_PREFIX: `bull-${options.runId}`,
			N8N_REDIS_KEY_PREFIX: `n8n-${options.runId}`,
			// production webhooks reach n8n through the proxy, and only the webhook processors serve them
			N8N_WEBHOOK_URL: `${proxy.origin}/`,
			...options.extraEnv,
		};
		const instance = async (name: string, port: number | undefined, extra: Record<string, string> = {}) => {
			const userFolder = join(options.folder, name);
			mkdirSync(userFolder, { recursive: true });
			await installTarball(userFolder, options.tarball);
			return new N8n({
				runtime: options.runtime,
				userFolder,
				port,
				owner: options.owner,
				postgres: options.database,
				extraEnv: { ...env, ...extra },
			});
		};
		const main = await instance('main', undefined, { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		const webhookProcessors = await Promise.all(webhookPorts.map((port, i) => instance(`webhook-${i + 1}`, port)));
		const workers = await Promise.all(
			Array.from({ length: options.workers ?? 2 }, (_, i) => instance(`worker-${i + 1}`, undefined)),
		);
		return new QueueCluster(main, webhookProcessors, workers, proxy, options.workerConcurrency ?? 10);
	}

	/** Public URL of a production webhook path (through the proxy). */
	webhookUrl(path: string): string {
		return `${this.proxy.origin}/webhook/${path.replace(/^\//, '')}`;
	}

	/** Imports through the main process's CLI (the first command creates the tables) and publishes `publish`. */
	async prepare(credentials: CredentialFile[], workflows: WorkflowFile[], publish: string[] = []): Promise<void> {
		await this.main.importCredentials(credentials);
		await this.main.importWorkflows(workflows);
		for (const id of publish) await this.main.publish(id);
	}

	/**
	 * The main process first (it activates the published triggers: their subscriptions are verified through
	 * the proxy, so one webhook processor must already listen), then the rest.
	 */
	async start({ published = [] as string[], timeoutMs = 240_000 } = {}): Promise<{ ms: number }> {
		const started = Date.now();
		const [first, ...otherProcessors] = this.webhookProcessors;
		await first.start({ command: 'webhook', timeoutMs });
		await Promise.all([
			this.main.start({ published, timeoutMs }),
			...otherProcessors.map((n8n) => n8n.start({ command: 'webhook', timeoutMs })),
			...this.workers.map((n8n) =>
				n8n.start({ command: 'worker', args: [`--concurrency=${this.workerConcurrency}`], timeoutMs }),
			),
		]);
		return { ms: Date.now() - started };
	}

	get processes(): N8n[] {
		return [this.main, ...this.webhookProcessors, ...this.workers];
	}

	/** CPU ms used so far by every n8n process of the cluster (and its task runner). */
	cpuMs(): number {
		return this.processes.reduce((sum, n8n) => sum + n8n.cpuMs(), 0);
	}

	/** The worker whose log says it ran this execution (`Worker finished execution <id>`), if any. */
	workerThatRan(executionId: number): number | undefined {
		const index = this.workers.findIndex((worker) => worker.log.includes(`Worker finished execution ${executionId} `));
		return index >= 0 ? index : undefined;
	}

	async stop(): Promise<void> {
		await Promise.all(this.processes.map((n8n) => n8n.stop()));
		await this.proxy.close();
	}
}
