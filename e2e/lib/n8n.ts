/**
 * A real n8n (the pinned runtime, Node 24) in a private user folder: CLI commands (import, publish,
 * execute), one long-running process (`n8n start`, or queue mode's `n8n webhook` / `n8n worker`: start,
 * readiness, CPU used, stop), the owner's REST session, and the executions read back from n8n's database
 * (SQLite by default, PostgreSQL when `postgres` is given).
 */
import { ChildProcess, execFile, spawn } from 'child_process';
import { createWriteStream, mkdirSync, WriteStream, writeFileSync } from 'fs';
import { join } from 'path';

import { budget } from '../../test/budget';
import { cpuMsOfTrees } from './process-cpu';
import { bcryptHash, freePort, Runtime } from './runtime';

/** A PostgreSQL database for n8n (queue mode needs one; SQLite otherwise). */
export interface PostgresDatabase {
	host: string;
	port: number;
	user: string;
	password: string;
	database: string;
}

/** The long-running n8n commands: the main process, and queue mode's webhook processor and worker. */
export type ServerCommand = 'start' | 'webhook' | 'worker';

/** What each command prints once it serves (n8n 2.41). */
const READY_TEXT: Record<ServerCommand, string> = {
	start: 'Editor is now accessible via',
	webhook: 'Webhook listener waiting for requests',
	worker: 'n8n worker is now ready',
};

export interface N8nOptions {
	runtime: Runtime;
	userFolder: string;
	port?: number; // default: a free port
	owner?: { email: string; password: string; firstName?: string; lastName?: string };
	encryptionKey?: string;
	extraEnv?: Record<string, string>;
	/** n8n's database: PostgreSQL (DB_TYPE=postgresdb) instead of the user folder's SQLite */
	postgres?: PostgresDatabase;
	/** every line n8n prints while it runs as a server (default: only into <userFolder>/n8n.log) */
	onServerLine?: (line: string) => void;
}

export interface CliResult {
	/** the exit code; null when a signal ended the process */
	code: number | null;
	/** the signal that ended the process, if one did */
	signal: NodeJS.Signals | null;
	/** how it ended, in words for errors: "exit 1", "killed by SIGTERM", "killed by SIGKILL after its time budget of 300 s ran out" */
	exit: string;
	stdout: string;
	stderr: string;
	ms: number;
}

/** How a child process ended, as an error message says it: never "exit null". */
export function describeExit(code: number | null, signal: NodeJS.Signals | null, budgetMs?: number): string {
	if (signal === null) return `exit ${code}`;
	return budgetMs === undefined
		? `killed by ${signal}`
		: `killed by ${signal} after its time budget of ${Math.round(budgetMs / 1000)} s ran out`;
}

export interface WorkflowRun {
	status: string;
	finished?: boolean;
	data: {
		resultData: {
			runData: Record<string, NodeRun[]>;
			error?: { message: string; description?: string; name?: string; node?: { name: string } };
			lastNodeExecuted?: string;
		};
	};
}

export interface NodeRun {
	executionStatus?: string;
	error?: { message: string; description?: string; httpCode?: string; name?: string };
	data?: {
		main: Array<Array<{
			json: Record<string, unknown>;
			binary?: Record<string, { fileName?: string; mimeType?: string }>;
		}> | null>;
	};
}

export interface ExecutionRecord {
	id: number;
	workflowId: string;
	mode: string;
	status: string;
	startedAt: string;
	stoppedAt: string | null;
	runData: Record<string, NodeRun[]>;
	error?: { message: string; description?: string };
	lastNodeExecuted?: string;
	/** The items the execution started with (its trigger's output), kept even when it crashed before running. */
	startItems: Array<Record<string, unknown>>;
}

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: unknown[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[key: string]: unknown;
}

export const DEFAULT_OWNER = {
	email: 'seller@example.com',
	password: 'Sandbox-Seller-1',
	firstName: 'Sandbox',
	lastName: 'Seller',
};

export class N8n {
	readonly runtime: Runtime;
	readonly userFolder: string;
	readonly owner: Required<NonNullable<N8nOptions['owner']>>;
	port = 0;
	private readonly encryptionKey: string;
	private readonly extraEnv: Record<string, string>;
	readonly postgres?: PostgresDatabase;
	private ownerHash = '';
	private server?: ChildProcess;
	private serverExit?: Promise<number | null>;
	private serverLog = '';
	private logFile?: WriteStream;
	private readonly onServerLine?: (line: string) => void;
	private cookie = '';
	private readonly browserId = 'e2e-browser';
	private fileSeq = 0;

	constructor(options: N8nOptions) {
		this.runtime = options.runtime;
		this.userFolder = options.userFolder;
		this.port = options.port ?? 0;
		this.owner = { firstName: 'Sandbox', lastName: 'Seller', ...(options.owner ?? DEFAULT_OWNER) };
		this.encryptionKey = options.encryptionKey ?? 'seller-marketplace-e2e-encryption-key';
		this.extraEnv = options.extraEnv ?? {};
		this.postgres = options.postgres;
		this.onServerLine = options.onServerLine;
		mkdirSync(join(this.userFolder, '.n8n'), { recursive: true });
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/**
	 * n8n 1.x (e2e/compat.sh runs the smoke on it): no owner from the environment, no publication outbox.
	 * Publishing there is the workflow's `active` flag (CLI `update:workflow --active`), triggers are live
	 * when the activate call answers and, at start, before "Editor is now accessible"; the owner is set up
	 * through the set-up form's endpoint.
	 */
	get isN8n1(): boolean {
		return /^1\./.test(this.runtime.n8nVersion);
	}

	get dbPath(): string {
		return join(this.userFolder, '.n8n', 'database.sqlite');
	}

	/** Public URL of a production webhook path. */
	webhookUrl(path: string): string {
		return `${this.baseUrl}/webhook/${path.replace(/^\//, '')}`;
	}

	private async env(brokerPort: number): Promise<NodeJS.ProcessEnv> {
		if (!this.port) this.port = await freePort();
		if (!this.ownerHash) this.ownerHash = bcryptHash(this.runtime, this.owner.password);
		return {
			// a clean environment: only what n8n needs, nothing from the caller's n8n set-up
			PATH: `${join(this.runtime.modules, '.bin')}:${process.env.PATH ?? ''}`,
			HOME: process.env.HOME,
			TMPDIR: process.env.TMPDIR,
			LANG: process.env.LANG ?? 'C.UTF-8',
			TZ: process.env.TZ ?? 'UTC',
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_PROTOCOL: 'http',
			N8N_EDITOR_BASE_URL: `${this.baseUrl}/`,
			N8N_WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			// n8n 1.x has no such module and refuses to start when asked to disable it
			...(this.isN8n1 ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: this.owner.email,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: this.ownerHash,
			N8N_INSTANCE_OWNER_FIRST_NAME: this.owner.firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: this.owner.lastName,
			EXECUTIONS_DATA_PRUNE: 'false',
			...(this.postgres ? postgresEnv(this.postgres) : {}),
			...this.extraEnv,
		};
	}

	/** One n8n CLI command in its own process (its own task-broker port, so it can run beside the server). */
	// `n8n execute` starts a whole n8n; on a loaded 2-CPU machine that alone took over two minutes, hence a
	// budget that grows with the load (test/budget.js) rather than a fixed one.
	async cli(args: string[], { timeoutMs = budget(150_000) } = {}): Promise<CliResult> {
		const env = await this.env(await freePort());
		const started = Date.now();
		return await new Promise((done) => {
			execFile(
				this.runtime.node,
				[this.runtime.n8nBin, ...args],
				{ env, cwd: this.userFolder, maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' },
				(error, stdout, stderr) => {
					const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
					const signal = error?.signal ?? null;
					// execFile sets `killed` when it sent killSignal itself, on reaching the timeout
					const exit = describeExit(code, signal, error?.killed ? timeoutMs : undefined);
					done({ code, signal, exit, stdout, stderr, ms: Date.now() - started });
				},
			);
		});
	}

	private async cliOrThrow(args: string[]): Promise<CliResult> {
		const result = await this.cli(args);
		if (result.code !== 0) {
			throw new Error(
				`n8n ${args.join(' ')} failed (${result.exit}, after ${Math.round(result.ms / 1000)} s):\n${tail(result.stdout + result.stderr)}`,
			);
		}
		return result;
	}

	private scratch(name: string): string {
		const dir = join(this.userFolder, 'imports', `${++this.fileSeq}-${name}`);
		mkdirSync(dir, { recursive: true });
		return dir;
	}

	/** `n8n import:credentials` of all of them in one process (data is encrypted by n8n on import). */
	async importCredentials(credentials: CredentialFile[]): Promise<CliResult> {
		const file = join(this.scratch('credentials'), 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials, null, 2));
		return await this.cliOrThrow(['import:credentials', `--input=${file}`]);
	}

	/** `n8n import:workflow --separate` of all of them in one process. Imported workflows are unpublished. */
	async importWorkflows(workflows: WorkflowFile[]): Promise<CliResult> {
		const dir = this.scratch('workflows');
		for (const workflow of workflows) {
			writeFileSync(
				join(dir, `${workflow.id}.json`),
				JSON.stringify({ active: false, settings: { executionOrder: 'v1' }, ...workflow }, null, 2),
			);
		}
		return await this.cliOrThrow(['import:workflow', '--separate', `--input=${dir}`]);
	}

	/** Database only: takes effect when the server (re)starts. */
	async publish(workflowId: string): Promise<CliResult> {
		if (this.isN8n1) return await this.cliOrThrow(['update:workflow', `--id=${workflowId}`, '--active=true']);
		return await this.cliOrThrow(['publish:workflow', `--id=${workflowId}`]);
	}

	async unpublish(workflowId: string): Promise<CliResult> {
		if (this.isN8n1) return await this.cliOrThrow(['update:workflow', `--id=${workflowId}`, '--active=false']);
		return await this.cliOrThrow(['unpublish:workflow', `--id=${workflowId}`]);
	}

	/**
	 * `n8n execute --id` and the run it prints. Never throws for a failed run: `run.status` and
	 * `run.data.resultData.error` say what failed; `run` is undefined only if n8n printed no run at all.
	 */
	async execute(
		workflowId: string,
	): Promise<{ code: number | null; exit: string; run?: WorkflowRun; output: string; ms: number }> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		const run = parseRunJson(result.stdout);
		// n8n's CLI can die with SIGSEGV while it shuts down, after it printed the whole run (seen on a loaded
		// 2-CPU machine). The run it printed is what happened, and running it again could repeat its writes, so
		// such a run is judged by what it printed; the crash is said, never hidden.
		if (result.signal === 'SIGSEGV' && run && run.status === 'success') {
			const exit = 'exit 0 after the run, then killed by SIGSEGV while n8n shut down';
			console.warn(`n8n execute --id=${workflowId}: ${exit}`);
			return { code: 0, exit, run, output: result.stdout + result.stderr, ms: result.ms };
		}
		return { code: result.code, exit: result.exit, run, output: result.stdout + result.stderr, ms: result.ms };
	}

	// ------------------------------------------------------------------------------------------
	// the server

	/**
	 * `n8n start` (or `command`), resolved once really ready: n8n printed that it serves ("Editor is now
	 * accessible", for a webhook processor "Webhook listener waiting", for a worker "worker is now ready"),
	 * the readiness endpoint answers 200 (not for a worker: it has no server), and each workflow in
	 * `published` has its triggers live (n8n 2.41 activates them after the editor is up; before that a
	 * webhook answers 404 and trigger subscriptions do not exist).
	 */
	async start({
		timeoutMs = budget(90_000),
		published = [] as string[],
		command = 'start' as ServerCommand,
		args = [] as string[],
	} = {}): Promise<{ ms: number }> {
		if (this.server) throw new Error('n8n is already running');
		const env = await this.env(await freePort());
		const started = Date.now();
		this.serverLog = '';
		this.logFile = createWriteStream(join(this.userFolder, 'n8n.log'), { flags: 'a' });
		const child = spawn(this.runtime.node, [this.runtime.n8nBin, command, ...args], {
			env,
			cwd: this.userFolder,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // own process group: stop() ends n8n and its task runner together
		});
		this.server = child;
		this.serverExit = new Promise((done) => child.on('exit', (code) => done(code)));
		let pending = '';
		const onData = (chunk: Buffer) => {
			const text = chunk.toString();
			this.serverLog += text;
			if (this.serverLog.length > 2_000_000) this.serverLog = this.serverLog.slice(-1_000_000);
			this.logFile?.write(text);
			if (this.onServerLine) {
				pending += text;
				const lines = pending.split('\n');
				pending = lines.pop() ?? '';
				for (const line of lines) this.onServerLine(line);
			}
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);

		const deadline = started + timeoutMs;
		let exited = false;
		void this.serverExit.then(() => (exited = true));
		while (!this.serverLog.includes(READY_TEXT[command])) {
			if (exited) throw new Error(`n8n ${command} exited before it was ready:\n${tail(this.serverLog)}`);
			if (Date.now() > deadline)
				throw new Error(`n8n ${command} did not become ready in ${timeoutMs / 1000} s:\n${tail(this.serverLog)}`);
			await sleep(100);
		}
		while (command !== 'worker' && (await httpStatus(`${this.baseUrl}/healthz/readiness`)) !== 200) {
			if (exited || Date.now() > deadline)
				throw new Error(`n8n ${command} readiness never answered 200:\n${tail(this.serverLog)}`);
			await sleep(100);
		}
		this.cookie = '';
		if (this.isN8n1 && command === 'start') await this.setUpOwner();
		// triggers are activated after "Editor is now accessible" (publication outbox): wait for them too
		for (const id of published)
			await this.waitForPublication(id, 'published', { timeoutMs: Math.max(10_000, deadline - Date.now()) });
		return { ms: Date.now() - started };
	}

	get running(): boolean {
		return this.server !== undefined;
	}

	/** CPU milliseconds the running process and its children (the task runner) have used since they started. */
	/** the server's process id while it runs (its memory and CPU are read from /proc) */
	get pid(): number | undefined {
		return this.server?.pid;
	}

	cpuMs(): number {
		return this.server?.pid === undefined ? 0 : cpuMsOfTrees([this.server.pid]);
	}

	/** Everything the server printed since it started. */
	get log(): string {
		return this.serverLog;
	}

	/** SIGTERM to n8n's process group, SIGKILL after 20 s. */
	async stop(): Promise<void> {
		const child = this.server;
		if (!child || child.pid === undefined) return;
		const pid = child.pid;
		const signal = (name: NodeJS.Signals) => {
			try {
				process.kill(-pid, name);
			} catch {
				// already gone
			}
		};
		signal('SIGTERM');
		let timer: NodeJS.Timeout | undefined;
		const killed = await Promise.race([
			this.serverExit!.then(() => false),
			new Promise<boolean>((done) => (timer = setTimeout(() => done(true), 20_000))),
		]);
		clearTimeout(timer);
		if (killed) {
			signal('SIGKILL');
			await this.serverExit;
		}
		// the task runner is in the same process group and may hold our pipes open: wait for the group
		// to be gone (5 s), then end it; stop reading either way so nothing keeps the caller alive
		const groupAlive = () => {
			try {
				process.kill(-pid, 0);
				return true;
			} catch {
				return false;
			}
		};
		for (let waited = 0; groupAlive() && waited < 5_000; waited += 100) await sleep(100);
		if (groupAlive()) signal('SIGKILL');
		child.stdout?.destroy();
		child.stderr?.destroy();
		this.server = undefined;
		this.logFile?.end();
		this.logFile = undefined;
	}

	// ------------------------------------------------------------------------------------------
	// the owner's REST session (what the editor does)

	async login(): Promise<void> {
		const response = await fetch(`${this.baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': this.browserId },
			body: JSON.stringify({ emailOrLdapLoginId: this.owner.email, password: this.owner.password }),
		});
		if (response.status !== 200)
			throw new Error(`login as ${this.owner.email} failed: HTTP ${response.status} ${await response.text()}`);
		const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
		this.cookie = cookies.join('; ');
	}

	/** n8n 1.x: the owner account the set-up form creates (answers 400 once there is one). */
	private async setUpOwner(): Promise<void> {
		const response = await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': this.browserId },
			body: JSON.stringify({
				email: this.owner.email,
				password: this.owner.password,
				firstName: this.owner.firstName,
				lastName: this.owner.lastName,
			}),
		});
		const text = await response.text();
		if (response.status !== 200 && !/already set ?up/i.test(text))
			throw new Error(`setting up the owner failed: HTTP ${response.status} ${text}`);
	}

	/** An authenticated call to n8n's internal REST API; returns the `data` of the answer. */
	async rest<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; data: T; raw: unknown }> {
		if (!this.cookie) await this.login();
		return await restRequest<T>(this.baseUrl, { browserId: this.browserId, cookie: this.cookie }, method, path, body);
	}

	/**
	 * The editor's "Test" button on a saved credential: it loads the credential (secrets come back
	 * redacted), then POSTs /rest/credentials/test (n8n 2.41 credentials.controller) with the form's
	 * data; n8n restores the redacted secrets from the stored credential. `override` changes fields as
	 * a user typing into the form would.
	 */
	async testCredential(
		id: string,
		override: Record<string, unknown> = {},
	): Promise<{ status: string; message: string }> {
		const stored = await this.rest<{ id: string; name: string; type: string; data: Record<string, unknown> }>(
			'GET',
			`/credentials/${id}?includeData=true`,
		);
		if (stored.status !== 200)
			throw new Error(`loading credential ${id} answered HTTP ${stored.status}: ${JSON.stringify(stored.raw)}`);
		const { name, type, data } = stored.data;
		const result = await this.rest<{ status: string; message: string }>('POST', '/credentials/test', {
			credentials: { id, name, type, data: { ...data, ...override } },
		});
		if (result.status !== 200)
			throw new Error(`credentials test answered HTTP ${result.status}: ${JSON.stringify(result.raw)}`);
		return result.data;
	}

	/**
	 * Publishing is asynchronous in n8n 2.41 (a publication outbox, processed after start and after each
	 * publish/unpublish): waits until the workflow's triggers are live ('published') or gone
	 * ('not_published'); a trigger that failed to activate (e.g. create() threw) fails with its message.
	 */
	async waitForPublication(
		workflowId: string,
		want: 'published' | 'not_published',
		{ timeoutMs = budget(30_000) } = {},
	): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let last: unknown;
		for (;;) {
			if (this.isN8n1) {
				const workflow = await this.rest<{ active: boolean }>('GET', `/workflows/${workflowId}`);
				if (workflow.data?.active === (want === 'published')) return;
				if (Date.now() > deadline)
					throw new Error(
						`workflow ${workflowId} did not become ${want} in ${timeoutMs / 1000} s: ${JSON.stringify(workflow.raw)}`,
					);
				await sleep(200);
				continue;
			}
			const result = await this.rest<{
				status: string;
				triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
			}>('GET', `/workflows/${workflowId}/publication-status`);
			last = result.raw;
			const status = result.data?.status;
			if (status === want) return;
			if (want === 'published' && (status === 'failed' || status === 'partial')) {
				const errors = result.data.triggers.filter((t) => t.errorMessage).map((t) => t.errorMessage);
				throw new Error(`publishing workflow ${workflowId} failed: ${errors.join('; ') || JSON.stringify(result.raw)}`);
			}
			if (Date.now() > deadline)
				throw new Error(
					`workflow ${workflowId} did not become ${want} in ${timeoutMs / 1000} s: ${JSON.stringify(last)}`,
				);
			await sleep(200);
		}
	}

	/** Publish while running, as the editor's toggle does (runs the trigger's create()); resolves once live. */
	async activate(workflowId: string): Promise<void> {
		const workflow = await this.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`);
		const result = await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.data.versionId });
		if (result.status !== 200)
			throw new Error(`publishing ${workflowId} failed: HTTP ${result.status} ${JSON.stringify(result.raw)}`);
		await this.waitForPublication(workflowId, 'published');
	}

	/** Unpublish while running, as the editor's toggle does (runs the trigger's delete()); resolves once gone. */
	async deactivate(workflowId: string): Promise<void> {
		const result = await this.rest('POST', `/workflows/${workflowId}/deactivate`, {});
		if (result.status !== 200)
			throw new Error(`unpublishing ${workflowId} failed: HTTP ${result.status} ${JSON.stringify(result.raw)}`);
		await this.waitForPublication(workflowId, 'not_published');
	}

	// ------------------------------------------------------------------------------------------
	// executions, from n8n's database

	/** Executions (all modes) with id > afterId, decoded from SQLite or PostgreSQL (execution_data is `flatted`). */
	async executions({ afterId = 0, workflowId }: { afterId?: number; workflowId?: string } = {}): Promise<
		ExecutionRecord[]
	> {
		// the database's password travels in the environment, never on a command line
		const [script, env] = this.postgres
			? [READ_EXECUTIONS_POSTGRES, { N8N_E2E_POSTGRES: JSON.stringify(this.postgres) }]
			: [READ_EXECUTIONS_SQLITE, { N8N_E2E_SQLITE: this.dbPath }];
		const { stdout } = await new Promise<{ stdout: string }>((done, fail) => {
			execFile(
				this.runtime.node,
				['-e', script, String(afterId), workflowId ?? ''],
				{ env: { NODE_PATH: this.runtime.modules, PATH: process.env.PATH, ...env }, maxBuffer: 512 * 1024 * 1024 },
				(error, out, err) =>
					error ? fail(new Error(`reading executions failed: ${err || error.message}`)) : done({ stdout: out }),
			);
		});
		return JSON.parse(stdout) as ExecutionRecord[];
	}

	async lastExecutionId(): Promise<number> {
		const all = await this.executions();
		return all.length ? all[all.length - 1].id : 0;
	}

	/** Waits until `count` executions of the workflow with id > afterId have finished. */
	async waitForExecutions(
		workflowId: string,
		{ afterId = 0, count = 1, timeoutMs = budget(15_000) } = {},
	): Promise<ExecutionRecord[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const done = (await this.executions({ afterId, workflowId })).filter(
				(e) => !['new', 'running', 'waiting'].includes(e.status),
			);
			if (done.length >= count) return done;
			if (Date.now() > deadline) {
				throw new Error(
					`expected ${count} finished execution(s) of workflow ${workflowId}, found ${done.length} after ${timeoutMs / 1000} s`,
				);
			}
			await sleep(250);
		}
	}
}

/**
 * Scripts run under the runtime's Node 24 (its sqlite3 binding is built for it; pg and flatted ship with
 * n8n). Arguments: afterId and workflowId ('' for all); they print the ExecutionRecords as JSON.
 */
const DECODE_EXECUTIONS = `
const { parse } = require('flatted');
const [after, workflowId] = process.argv.slice(1);
function decode(rows) {
  return rows.map((row) => {
    let resultData = {};
    let startItems = [];
    try {
      const data = row.data ? parse(row.data) : {};
      resultData = data.resultData || {};
      const start = ((data.executionData || {}).nodeExecutionStack || [])[0];
      startItems = ((((start || {}).data || {}).main || [])[0] || []).map((item) => item.json);
    } catch (e) { resultData = { error: { message: 'undecodable execution data: ' + e.message } }; }
    const error = resultData.error ? { message: resultData.error.message, description: resultData.error.description } : undefined;
    return { id: Number(row.id), workflowId: row.workflowId, mode: row.mode, status: row.status, startedAt: row.startedAt, stoppedAt: row.stoppedAt, runData: resultData.runData || {}, error, lastNodeExecuted: resultData.lastNodeExecuted, startItems };
  });
}
`;

const READ_EXECUTIONS_SQLITE = `${DECODE_EXECUTIONS}
const sqlite3 = require('sqlite3');
const conn = new sqlite3.Database(process.env.N8N_E2E_SQLITE, sqlite3.OPEN_READONLY);
const where = ['e.id > ?'];
const params = [Number(after)];
if (workflowId) { where.push('e.workflowId = ?'); params.push(workflowId); }
conn.all('SELECT e.id, e.workflowId, e.mode, e.status, e.startedAt, e.stoppedAt, d.data FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id WHERE ' + where.join(' AND ') + ' ORDER BY e.id', params, (error, rows) => {
  if (error) { console.error(error.message); process.exit(1); }
  process.stdout.write(JSON.stringify(decode(rows)));
  conn.close();
});
`;

const READ_EXECUTIONS_POSTGRES = `${DECODE_EXECUTIONS}
const { Client } = require('pg');
const client = new Client(JSON.parse(process.env.N8N_E2E_POSTGRES));
const where = ['e.id > $1'];
const params = [Number(after)];
if (workflowId) { where.push('e."workflowId" = $2'); params.push(workflowId); }
client.connect()
  .then(() => client.query('SELECT e.id, e."workflowId", e.mode, e.status, e."startedAt", e."stoppedAt", d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE ' + where.join(' AND ') + ' ORDER BY e.id', params))
  .then((result) => { process.stdout.write(JSON.stringify(decode(result.rows))); return client.end(); })
  .catch((error) => { console.error(error.message); process.exit(1); });
`;

/** n8n's settings for a PostgreSQL database. */
export function postgresEnv(database: PostgresDatabase): Record<string, string> {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: database.host,
		DB_POSTGRESDB_PORT: String(database.port),
		DB_POSTGRESDB_USER: database.user,
		DB_POSTGRESDB_PASSWORD: database.password,
		DB_POSTGRESDB_DATABASE: database.database,
	};
}

/** The run JSON n8n execute prints after its log lines. */
export function parseRunJson(stdout: string): WorkflowRun | undefined {
	const start = stdout.indexOf('\n{\n');
	const candidates = start >= 0 ? [start + 1] : stdout.startsWith('{\n') ? [0] : [];
	for (const at of candidates) {
		const text = stdout.slice(at);
		const end = text.lastIndexOf('\n}');
		try {
			return JSON.parse(end >= 0 ? text.slice(0, end + 2) : text) as WorkflowRun;
		} catch {
			// fall through
		}
	}
	return undefined;
}

/** Items a node output on its first output in its first run. */
/**
 * A call to n8n's internal REST API (`<baseUrl>/rest<path>`) with a signed-in session, as the editor makes it;
 * `data` is the answer's `data` field (or the whole answer when it has none), `raw` the answer as parsed.
 */
export async function restRequest<T = unknown>(
	baseUrl: string,
	session: { browserId: string; cookie: string },
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; data: T; raw: unknown }> {
	const response = await fetch(`${baseUrl}/rest${path}`, {
		method,
		headers: { 'content-type': 'application/json', 'browser-id': session.browserId, cookie: session.cookie },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let raw: unknown = text;
	try {
		raw = JSON.parse(text);
	} catch {
		// not JSON
	}
	const data = (raw && typeof raw === 'object' && 'data' in raw ? (raw as { data: T }).data : raw) as T;
	return { status: response.status, data, raw };
}

export function nodeItems(
	runData: Record<string, NodeRun[]>,
	nodeName: string,
	output = 0,
): Array<Record<string, unknown>> {
	const runs = runData[nodeName];
	if (!runs?.length) return [];
	return (runs[0].data?.main?.[output] ?? []).map((item) => item.json);
}

export function nodeError(runData: Record<string, NodeRun[]>, nodeName: string): NodeRun['error'] | undefined {
	return runData[nodeName]?.[0]?.error;
}

async function httpStatus(url: string): Promise<number> {
	try {
		const response = await fetch(url);
		await response.arrayBuffer();
		return response.status;
	} catch {
		return 0;
	}
}

export function sleep(ms: number): Promise<void> {
	return new Promise((done) => setTimeout(done, ms));
}

function tail(text: string, lines = 40): string {
	return text.split('\n').slice(-lines).join('\n');
}
