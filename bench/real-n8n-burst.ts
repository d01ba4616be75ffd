/**
 * Item 3, through a real n8n: the sandbox sends bursts of push notifications (signed, and retried the way
 * the marketplace retries them) to the package's trigger published in the pinned n8n runtime, and every
 * id_message must have started exactly one execution, none lost.
 *
 * `npx ts-node --transpile-only bench/real-n8n-burst.ts [--bursts=3] [--count=1000] [--deadline=60]`
 * (about 1½ minutes; needs the runtime from `bash e2e/ensure-runtime.sh`). Also run by bench/run.ts
 * unless `--skip=real`. Progress goes to stderr, the Markdown table to stdout.
 *
 * Everything n8n-side is the e2e library's (e2e/lib): the package built, packed and installed into a
 * private user folder under .e2e/runs/bench-real-*, credentials and the workflow imported, the workflow
 * published, n8n started on 127.0.0.1 and its trigger subscribed, executions read back from its SQLite.
 * The sandbox runs in this process, so `control.emitEvent` queues a whole burst before the first delivery
 * leaves: the 1,000 POSTs really are in flight at once.
 */
import { existsSync } from 'node:fs';

import { startSandbox, type Sandbox } from '../sandbox';
import { startEnvironment, type Environment } from '../e2e/lib/environment';
import { nodeItems, sleep, type ExecutionRecord, type N8n, type WorkflowFile } from '../e2e/lib/n8n';
import { runtimePaths } from '../e2e/lib/runtime';
import { CREDENTIAL_TYPE, EXAMPLE_CREDENTIAL, sandboxCredential, TRIGGER_TYPE } from '../e2e/lib/workflows';
import { fmt, median, now, table } from './measure';

const WORKFLOW_ID = 'benchRealBurst01';
const WEBHOOK_ID = '7a1f0000-0000-4000-8000-0000000be4c1';
const TRIGGER_NAME = 'Order events';
const EVENT = 'order_new';
/** sandbox time runs a minute per second: the retries at +1, +15 and +30 minutes come after 1, 15 and 30 s */
const DEFAULT_TIME_SCALE = 60;
const WARM_UP = 20;

export interface RealBurst {
	sent: number;
	/** distinct id_messages whose delivery was answered 200 (after retries, if any) */
	delivered200: number;
	/** delivery attempts, retries included, and how many of them were not a 200 */
	attempts: number;
	failedAttempts: number;
	executions: number;
	/** executions still new or running when the burst was read */
	unfinished: number;
	succeeded: number;
	distinctExecuted: number;
	/** executions beyond the first for an id_message */
	duplicates: number;
	/** sent id_messages that started no execution */
	lost: number;
	/** executions carrying an id_message this burst did not send */
	unexpected: number;
	/** first emit → last delivery answered 200 */
	deliveredMs: number;
	/** first emit → the last execution stopped (n8n's stoppedAt) */
	endToEndMs: number;
	perSecond: number;
	timedOut: boolean;
}

export interface RealN8nResult {
	n8nVersion: string;
	count: number;
	setupMs: number;
	bursts: RealBurst[];
	triggerOptions: Record<string, unknown>;
	deadlineMs: number;
}

export interface RealN8nOptions {
	bursts?: number;
	count?: number;
	/** per burst: how long to wait for every delivery to be answered 200 and executed */
	deadlineMs?: number;
	/** the trigger's Options (default none: the node's defaults) */
	triggerOptions?: Record<string, unknown>;
	/** extra environment for n8n (e.g. DB_SQLITE_POOL_SIZE) */
	n8nEnv?: Record<string, string>;
	/** sandbox time per real second (60: the marketplace's retries at +1/+15/+30 min come after 1/15/30 s; 1: real time) */
	timeScale?: number;
	log?: (line: string) => void;
}

/** Whether e2e/ensure-runtime.sh has installed the pinned n8n (bench/run.ts skips this part otherwise). */
export function runtimeInstalled(): boolean {
	const runtime = runtimePaths();
	return existsSync(runtime.n8nBin) && existsSync(runtime.node);
}

function triggerWorkflow(triggerOptions: Record<string, unknown>): WorkflowFile {
	return {
		id: WORKFLOW_ID,
		name: 'bench: 1,000 notifications through the trigger',
		active: false,
		nodes: [
			{
				id: '7a1f0000-0000-4000-8000-0000000be4c2',
				name: TRIGGER_NAME,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: WEBHOOK_ID,
				// defaults otherwise: signature verified, the last 1,000 id_messages remembered, no resource fetch
				parameters: { events: [EVENT], fallbackEmail: 'ops@seller.example', options: triggerOptions },
				credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

const UNFINISHED = ['new', 'running', 'waiting'];

/** n8n's SQLite timestamps: 'YYYY-MM-DD HH:MM:SS.SSS' in UTC (or ISO with Z). */
function epochMs(text: string | null): number {
	if (!text) return NaN;
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

function idMessagesOf(execution: ExecutionRecord): string[] {
	return nodeItems(execution.runData, TRIGGER_NAME).map((item) => String(item.id_message));
}

let burstSeq = 0;

async function burst(sandbox: Sandbox, n8n: N8n, resources: string[], count: number, deadlineMs: number, log: (line: string) => void): Promise<RealBurst> {
	// the payload tags each event with its burst, so that late retries of an earlier burst are not counted here
	const tag = `bench-burst-${++burstSeq}`;
	const control = sandbox.control;
	const afterId = await n8n.lastExecutionId();
	const before = control.deliveries().length;
	const startedAt = Date.now();
	const t0 = now();
	// all queued before the scheduler's timer can fire: the sandbox then POSTs them all at once
	for (let i = 0; i < count; i++) await control.emitEvent(EVENT, resources[i % resources.length], JSON.stringify({ tag, seq: i }));
	const deadline = t0 + deadlineMs;

	const deliveries = () =>
		control
			.deliveries()
			.slice(before)
			.filter((d) => d.kind === 'event' && d.event_name === EVENT && d.requestBody.includes(`"tag\\":\\"${tag}\\"`));
	let deliveredMs = NaN;
	for (;;) {
		const ok = new Set(deliveries().filter((d) => d.ok).map((d) => d.id_message));
		if (ok.size >= count) {
			deliveredMs = now() - t0;
			break;
		}
		if (now() > deadline) break;
		await sleep(20);
	}
	const attempts = deliveries();
	const sent = new Set(attempts.map((d) => d.id_message!));
	const delivered = new Set(attempts.filter((d) => d.ok).map((d) => d.id_message!));

	// every delivered id_message executed and nothing still running (or the deadline)
	let executions: ExecutionRecord[] = [];
	let timedOut = !Number.isFinite(deliveredMs);
	for (;;) {
		executions = await n8n.executions({ afterId, workflowId: WORKFLOW_ID });
		const executed = new Set(executions.flatMap(idMessagesOf));
		const running = executions.some((e) => UNFINISHED.includes(e.status));
		if (!running && [...delivered].every((id) => executed.has(id))) break;
		if (now() > deadline) {
			timedOut = true;
			break;
		}
		await sleep(250);
	}
	// a second look, for late duplicates
	await sleep(1000);
	executions = await n8n.executions({ afterId, workflowId: WORKFLOW_ID });

	const counts = new Map<string, number>();
	for (const execution of executions) for (const id of idMessagesOf(execution)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const lastStop = Math.max(...executions.map((e) => epochMs(e.stoppedAt)).filter(Number.isFinite));
	const endToEndMs = lastStop - startedAt;
	const result: RealBurst = {
		sent: count,
		delivered200: delivered.size,
		attempts: attempts.length,
		failedAttempts: attempts.filter((d) => !d.ok).length,
		executions: executions.length,
		unfinished: executions.filter((e) => UNFINISHED.includes(e.status)).length,
		succeeded: executions.filter((e) => e.status === 'success').length,
		distinctExecuted: [...counts.keys()].filter((id) => sent.has(id)).length,
		duplicates: [...counts.values()].reduce((sum, c) => sum + Math.max(0, c - 1), 0),
		// never attempted (count − sent) or attempted but never executed
		lost: count - sent.size + [...sent].filter((id) => !counts.has(id)).length,
		unexpected: [...counts.keys()].filter((id) => !sent.has(id)).length,
		deliveredMs,
		endToEndMs,
		perSecond: timedOut ? NaN : (count / endToEndMs) * 1000,
		timedOut,
	};
	log(
		`real n8n burst: ${result.delivered200}/${count} answered 200 in ${fmt(deliveredMs)} ms (${result.attempts} attempts, ${result.failedAttempts} failed), ` +
			`${result.executions} executions (${result.succeeded} success), ${result.distinctExecuted} distinct, ${result.duplicates} duplicates, ${result.lost} lost; ` +
			`end to end ${fmt(endToEndMs)} ms = ${fmt(result.perSecond)}/s${timedOut ? ' (deadline passed)' : ''}`,
	);
	return result;
}

/** Sandbox + real n8n with the trigger published, a warm-up, then `bursts` bursts of `count` events. */
export async function realN8nBurst(options: RealN8nOptions = {}): Promise<RealN8nResult> {
	const log = options.log ?? ((line: string) => console.error(`[real-n8n] ${line}`));
	const count = options.count ?? 1000;
	const bursts = options.bursts ?? 3;
	const deadlineMs = options.deadlineMs ?? 60_000;
	const setupStarted = Date.now();
	const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, timeScale: options.timeScale ?? DEFAULT_TIME_SCALE });
	let environment: Environment | undefined;
	try {
		environment = await startEnvironment({
			name: 'bench-real',
			credentials: [sandboxCredential(sandbox)],
			workflows: [triggerWorkflow(options.triggerOptions ?? {})],
			extraEnv: options.n8nEnv,
			publish: [WORKFLOW_ID],
			progress: (step) => log(step),
			keepRuns: 1,
		});
		const n8n = environment.n8n;
		const callbackUrl = n8n.webhookUrl(`${WEBHOOK_ID}/webhook`);
		const subscribed = sandbox.control.db.subscriptions.filter((s) => s.callback_url === callbackUrl && s.event_name === EVENT && s.is_active);
		if (subscribed.length !== 1) throw new Error(`expected one active ${EVENT} subscription for ${callbackUrl}, found ${subscribed.length}`);
		const setupMs = Date.now() - setupStarted;
		log(`n8n ${environment.runtime.n8nVersion} ready, trigger subscribed (set-up ${fmt(setupMs / 1000, 1)} s)`);

		const resources = sandbox.control.db.orders.filter((o) => !o._fulfilled_by_marketplace).map((o) => `/orders/${o.id_order}/`);
		const warm = await burst(sandbox, n8n, resources, WARM_UP, deadlineMs, (line) => log(`warm-up: ${line}`));
		if (warm.lost || warm.duplicates) throw new Error(`warm-up of ${WARM_UP} events: ${warm.lost} lost, ${warm.duplicates} duplicates`);
		const results: RealBurst[] = [];
		for (let i = 0; i < bursts; i++) {
			const result = await burst(sandbox, n8n, resources, count, deadlineMs, log);
			results.push(result);
			// n8n has not caught up (and the sandbox keeps retrying): a further burst would measure the backlog
			if (result.timedOut) {
				if (i < bursts - 1) log(`deadline passed: the remaining ${bursts - 1 - i} burst(s) skipped`);
				break;
			}
		}
		return { n8nVersion: environment.runtime.n8nVersion, count, setupMs, bursts: results, triggerOptions: options.triggerOptions ?? {}, deadlineMs };
	} finally {
		if (environment) {
			await environment.n8n.stop();
			log(`n8n stopped; its user folder and log stay in ${environment.n8n.userFolder}`);
		}
		await sandbox.close();
	}
}

/** The Markdown rows: one per burst and the median. */
export function realN8nTable(result: RealN8nResult): string {
	const row = (label: string, b: RealBurst): string[] => [
		label,
		fmt(b.sent),
		`${fmt(b.delivered200)}${b.failedAttempts ? ` (${fmt(b.attempts)} attempts, ${fmt(b.failedAttempts)} not 200)` : ''}`,
		`${fmt(b.executions)}${b.unfinished ? ` (${fmt(b.unfinished)} unfinished)` : ''}`,
		fmt(b.distinctExecuted),
		fmt(b.duplicates),
		`${fmt(b.lost)}${b.unexpected ? ` (+${b.unexpected} unexpected)` : ''}${b.timedOut ? ` (deadline ${fmt(result.deadlineMs / 1000)} s passed)` : ''}`,
		fmt(b.deliveredMs),
		b.timedOut ? '–' : fmt(b.endToEndMs),
		fmt(b.perSecond),
	];
	const rows = result.bursts.map((b, i) => row(`burst ${i + 1}`, b));
	if (result.bursts.length > 1 && result.bursts.every((b) => !b.timedOut)) {
		const m = (f: (b: RealBurst) => number) => median(result.bursts.map(f));
		const worst = (f: (b: RealBurst) => number) => Math.max(...result.bursts.map(f));
		rows.push([
			`**median** (lost, duplicates: worst)`,
			fmt(result.count),
			fmt(m((b) => b.delivered200)),
			fmt(m((b) => b.executions)),
			fmt(m((b) => b.distinctExecuted)),
			fmt(worst((b) => b.duplicates)),
			fmt(worst((b) => b.lost)),
			fmt(m((b) => b.deliveredMs)),
			fmt(m((b) => b.endToEndMs)),
			`**${fmt(m((b) => b.perSecond))}**`,
		]);
	}
	const allOk = result.bursts.every((b) => b.lost === 0 && b.duplicates === 0 && b.unexpected === 0 && b.distinctExecuted === b.sent);
	return [
		table(
			['burst', 'events sent', 'delivered 200', 'executions', 'distinct id_message executed', 'duplicates', 'lost', 'all 200 after ms', 'wall ms (first event → last execution stopped)', 'notifications/s'],
			rows,
		),
		'',
		`n8n ${result.n8nVersion} (\`n8n start\`, SQLite, default concurrency), the package installed from its npm tarball, a workflow of the trigger alone ` +
			 `(events ${EVENT}, options ${JSON.stringify(result.triggerOptions)}: signature verified, ` +
			`${result.triggerOptions.dedupeWindow === 0 ? 'de-duplication off' : 'de-duplication on'}, no resource fetch); the sandbox in the bench process sends each burst at once ` +
			`(one POST per event, signed, retried at +1/+15/+30 sandbox minutes = 1/15/30 s). Set-up (build, pack, install, import, start, subscribe) ${fmt(result.setupMs / 1000, 1)} s, not counted. ` +
			`Every id_message executed exactly once, none lost: ${allOk ? 'yes ✓' : 'NO ✗'}.`,
	].join('\n');
}

if (require.main === module) {
	const args = process.argv.slice(2);
	const option = (name: string, fallback: number) => {
		const found = args.find((a) => a.startsWith(`--${name}=`));
		return found ? Number(found.split('=')[1]) : fallback;
	};
	const started = Date.now();
	realN8nBurst({
		bursts: option('bursts', 3),
		count: option('count', 1000),
		deadlineMs: option('deadline', 60) * 1000,
		timeScale: option('time-scale', DEFAULT_TIME_SCALE),
		triggerOptions: args.some((a) => a.startsWith('--dedupe=')) ? { dedupeWindow: option('dedupe', 1000) } : {},
		n8nEnv: Object.fromEntries(args.filter((a) => a.startsWith('--n8n-env=')).map((a) => a.slice('--n8n-env='.length).split(/=(.*)/s, 2))),
		log: (line) => console.error(`[real-n8n ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`),
	}).then(
		(result) => {
			console.log(`\n### Trigger through a real n8n: bursts of ${fmt(result.count)} notifications from the sandbox (${new Date().toISOString().slice(0, 10)})\n`);
			console.log(realN8nTable(result));
			process.exit(result.bursts.every((b) => b.lost === 0 && b.duplicates === 0) ? 0 : 1);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
