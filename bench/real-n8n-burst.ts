/**
 * The trigger through a real n8n (one process, SQLite, default settings), side by side with what a user
 * could build instead: a workflow of n8n's own Webhook node, which answers on receipt and checks nothing.
 * The sandbox sends bursts of signed notifications to each in turn (bench/burst.ts measures and judges
 * them: every delivery answered 200 within 15 s, each notification executed once).
 *
 * `npx ts-node --transpile-only bench/real-n8n-burst.ts [--bursts=3] [--count=200] [--wait=120]
 *   [--trigger-options='{"…":…}'] [--n8n-env=KEY=VALUE …] [--time-scale=1]`
 * Needs the pinned runtime (`bash e2e/ensure-runtime.sh`). Progress on stderr, the Markdown table on stdout.
 *
 * Everything n8n-side is the e2e library's: the package built, packed and installed into a private user
 * folder under .e2e/runs/bench-real-*, the credential and both workflows imported and published, n8n
 * started on 127.0.0.1 behind a loopback proxy that times every answer (N8N_WEBHOOK_URL points at it).
 */
import { existsSync } from 'node:fs';

import { startSandbox } from '../sandbox';
import { startEnvironment, type Environment } from '../e2e/lib/environment';
import { nodeItems, type ExecutionRecord, type N8n, type WorkflowFile } from '../e2e/lib/n8n';
import { freePort, runtimePaths } from '../e2e/lib/runtime';
import { startWebhookProxy, type WebhookProxy } from '../e2e/lib/webhook-proxy';
import {
	chain,
	CREDENTIAL_TYPE,
	EXAMPLE_CREDENTIAL,
	rememberDeliveryNode,
	sandboxCredential,
	TRIGGER_TYPE,
	type NodeJson,
} from '../e2e/lib/workflows';
import { BURST_HEADERS, burstRows, runBurst, verdict, type BurstResult, type BurstTarget } from './burst';
import { fmt, median, table } from './measure';

/**
 * Sandbox time runs as real time: the marketplace's first retry comes a minute after the first delivery, as
 * it would. (At a faster scale the retries of a late burst arrive while n8n still works on it, and a burst
 * that is a little late turns into a retry storm that the marketplace would not cause.)
 */
export const DEFAULT_TIME_SCALE = 1;
const WARM_UP = 20;

export const TRIGGER_WORKFLOW_ID = 'benchRealBurst01';
const TRIGGER_WEBHOOK_ID = '7a1f0000-0000-4000-8000-0000000be4c1';
export const TRIGGER_NAME = 'Order events';
export const TRIGGER_EVENT = 'order_new';
const PEER_WORKFLOW_ID = 'benchRealPeer001';
const PEER_PATH = 'bench-peer-notifications';
const PEER_EVENT = 'order_unit_new';

/** Whether e2e/ensure-runtime.sh has installed the pinned n8n (bench/run.ts skips this part otherwise). */
export function runtimeInstalled(): boolean {
	const runtime = runtimePaths();
	return existsSync(runtime.n8nBin) && existsSync(runtime.node);
}

export const HANDLER_NAME = 'Handle the event';

/** What stands between the trigger and the seller's work to drop repeated deliveries, besides the trigger itself. */
export type DedupeBy = 'trigger' | 'removeDuplicates' | 'postgres';

const DEDUPE_NODES: Record<Exclude<DedupeBy, 'trigger'>, () => NodeJson> = {
	// n8n's Remove Duplicates: its history is one row in n8n's database, read and written back by each execution
	removeDuplicates: () => ({
		id: '7a1f0000-0000-4000-8000-0000000be4c3',
		name: 'Remove repeated deliveries',
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [0, 0],
		parameters: {
			operation: 'removeItemsSeenInPreviousExecutions',
			logic: 'removeItemsWithAlreadySeenKeyValues',
			dedupeValue: '={{ $json.id_message }}',
			options: {},
		},
	}),
	// n8n's Postgres node entering the id_message into a table keyed by it (README "Large sellers")
	postgres: () => rememberDeliveryNode('Remember the delivery'),
};

/**
 * A workflow of the package's trigger alone (defaults unless `options`: signature verified, repeats ignored,
 * no fetch); with `dedupeBy` other than 'trigger', followed by that node and a do-nothing node standing for
 * the seller's work.
 */
export function triggerWorkflow(options: Record<string, unknown> = {}, dedupeBy: DedupeBy = 'trigger'): WorkflowFile {
	const workflow = triggerOnlyWorkflow(options);
	if (dedupeBy === 'trigger') return workflow;
	const [trigger] = workflow.nodes as NodeJson[];
	const handler: NodeJson = {
		id: '7a1f0000-0000-4000-8000-0000000be4c4',
		name: HANDLER_NAME,
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return chain(workflow.id, workflow.name, [trigger, DEDUPE_NODES[dedupeBy](), handler]);
}

function triggerOnlyWorkflow(options: Record<string, unknown>): WorkflowFile {
	return {
		id: TRIGGER_WORKFLOW_ID,
		name: 'bench: notifications through the trigger',
		active: false,
		nodes: [
			{
				id: '7a1f0000-0000-4000-8000-0000000be4c2',
				name: TRIGGER_NAME,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: TRIGGER_WEBHOOK_ID,
				parameters: { events: [TRIGGER_EVENT], fallbackEmail: 'ops@seller.example', options },
				credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** The peer: n8n's Webhook node alone, answering on receipt (no signature check, no de-duplication). */
function peerWorkflow(): WorkflowFile {
	return {
		id: PEER_WORKFLOW_ID,
		name: 'bench: notifications through n8n’s Webhook node',
		active: false,
		nodes: [
			{
				id: '7a1f0000-0000-4000-8000-0000000be4d1',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: '7a1f0000-0000-4000-8000-0000000be4d2',
				parameters: { httpMethod: 'POST', path: PEER_PATH, responseMode: 'onReceived', options: {} },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

export function triggerWebhookPath(): string {
	return `${TRIGGER_WEBHOOK_ID}/webhook`;
}

export const triggerIdMessages = (execution: ExecutionRecord): string[] =>
	nodeItems(execution.runData, TRIGGER_NAME).map((item) => String(item.id_message));
/** The id_messages that reached the seller's work (past the node that drops repeats). */
export const handledIdMessages = (execution: ExecutionRecord): string[] =>
	nodeItems(execution.runData, HANDLER_NAME).map((item) => String(item.id_message));

const peerIdMessages = (execution: ExecutionRecord): string[] =>
	nodeItems(execution.runData, 'Webhook').map((item) =>
		String((item.body as { id_message?: unknown } | undefined)?.id_message),
	);

export interface RealN8nResult {
	n8nVersion: string;
	count: number;
	setupMs: number;
	triggerOptions: Record<string, unknown>;
	n8nEnv: Record<string, string>;
	timeScale: number;
	trigger: BurstResult[];
	peer: BurstResult[];
}

export interface RealN8nOptions {
	bursts?: number;
	count?: number;
	/** per burst: how long to wait for everything to be answered and executed */
	waitMs?: number;
	triggerOptions?: Record<string, unknown>;
	/** extra environment for n8n (e.g. N8N_EXPRESSION_ENGINE=legacy) */
	n8nEnv?: Record<string, string>;
	timeScale?: number;
	/** leave out the Webhook-node peer */
	triggerOnly?: boolean;
	log?: (line: string) => void;
}

function target(
	label: string,
	n8n: N8n,
	proxy: WebhookProxy,
	event: string,
	resources: string[],
	workflowId: string,
	idMessagesOf: BurstTarget['idMessagesOf'],
): BurstTarget {
	return {
		label,
		event,
		resources,
		workflowId,
		proxy,
		idMessagesOf,
		executions: (afterId) => n8n.executions({ afterId, workflowId }),
		lastExecutionId: () => n8n.lastExecutionId(),
		n8nCpuMs: () => n8n.cpuMs(),
	};
}

/** Sandbox + real n8n with both workflows published, a warm-up each, then `bursts` rounds of one burst each. */
export async function realN8nBurst(options: RealN8nOptions = {}): Promise<RealN8nResult> {
	const log = options.log ?? ((line: string) => console.error(`[real-n8n] ${line}`));
	const count = options.count ?? 200;
	const bursts = options.bursts ?? 3;
	const waitMs = options.waitMs ?? 120_000;
	const triggerOptions = options.triggerOptions ?? {};
	const n8nEnv = options.n8nEnv ?? {};
	const setupStarted = Date.now();
	const timeScale = options.timeScale ?? DEFAULT_TIME_SCALE;
	const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, timeScale });
	const port = await freePort();
	const proxy = await startWebhookProxy({ upstreams: [`http://127.0.0.1:${port}`] });
	let environment: Environment | undefined;
	try {
		const workflows = options.triggerOnly
			? [triggerWorkflow(triggerOptions)]
			: [triggerWorkflow(triggerOptions), peerWorkflow()];
		environment = await startEnvironment({
			name: 'bench-real',
			port,
			credentials: [sandboxCredential(sandbox)],
			workflows,
			extraEnv: { N8N_WEBHOOK_URL: `${proxy.origin}/`, ...n8nEnv },
			publish: workflows.map((w) => w.id),
			progress: (step) => log(step),
			keepRuns: 1,
		});
		const n8n = environment.n8n;
		const callbackUrl = `${proxy.origin}/webhook/${triggerWebhookPath()}`;
		const subscribed = sandbox.control.db.subscriptions.filter(
			(s) => s.callback_url === callbackUrl && s.event_name === TRIGGER_EVENT && s.is_active,
		);
		if (subscribed.length !== 1)
			throw new Error(
				`expected one active ${TRIGGER_EVENT} subscription for ${callbackUrl}, found ${subscribed.length}`,
			);
		// the Webhook node cannot answer the marketplace's verification: its subscription is entered in the sandbox directly
		sandbox.control.db.subscriptions.push({
			id_subscription: 900_001,
			callback_url: `${proxy.origin}/webhook/${PEER_PATH}`,
			fallback_email: 'ops@seller.example',
			event_name: PEER_EVENT,
			is_active: true,
		});
		const setupMs = Date.now() - setupStarted;
		log(`n8n ${environment.runtime.n8nVersion} ready, trigger subscribed (set-up ${fmt(setupMs / 1000, 1)} s)`);

		const orders = sandbox.control.db.orders
			.filter((o) => !o._fulfilled_by_marketplace)
			.map((o) => `/orders/${o.id_order}/`);
		const units = sandbox.control.db.orderUnits.map((u) => `/order-units/${u.id_order_unit}/`);
		const targets = [target('trigger', n8n, proxy, TRIGGER_EVENT, orders, TRIGGER_WORKFLOW_ID, triggerIdMessages)];
		if (!options.triggerOnly)
			targets.push(target('n8n Webhook node', n8n, proxy, PEER_EVENT, units, PEER_WORKFLOW_ID, peerIdMessages));
		for (const t of targets) {
			const warm = await runBurst(sandbox, t, { count: WARM_UP, waitMs, log: (line) => log(`warm-up ${line}`) });
			if (warm.lost || warm.duplicates || warm.timedOut)
				throw new Error(`warm-up of ${WARM_UP} events through the ${t.label}: ${verdict(warm).reasons.join('; ')}`);
		}
		const results: BurstResult[][] = targets.map(() => []);
		const done = new Set<BurstTarget>();
		for (let round = 0; round < bursts; round++) {
			for (const [i, t] of targets.entries()) {
				if (done.has(t)) continue;
				const result = await runBurst(sandbox, t, { count, waitMs, log });
				results[i].push(result);
				if (result.timedOut) {
					// n8n has not caught up and the sandbox keeps retrying: stop sending to this workflow (the
					// marketplace "disables" its subscription) and let n8n finish before the other one is measured
					done.add(t);
					for (const subscription of sandbox.control.db.subscriptions)
						if (subscription.event_name === t.event) subscription.is_active = false;
					log(
						`${t.label}: the wait ran out; its remaining bursts are skipped, n8n gets up to ${fmt(waitMs / 1000)} s to finish`,
					);
					await proxy.settled(waitMs);
				}
			}
		}
		const [trigger, peer = []] = results;
		return {
			n8nVersion: environment.runtime.n8nVersion,
			count,
			setupMs,
			triggerOptions,
			n8nEnv,
			timeScale,
			trigger,
			peer,
		};
	} finally {
		if (environment) {
			await environment.n8n.stop();
			log(`n8n stopped; its user folder and log stay in ${environment.n8n.userFolder}`);
		}
		await proxy.close();
		await sandbox.close();
	}
}

/** When the sandbox retries a delivery that failed, in real time. */
export function retrySchedule(timeScale: number): string {
	const after = [1, 15, 30].map((minutes) => (minutes * 60) / timeScale);
	return timeScale === 1
		? 'after 1, 15 and 30 minutes'
		: `after ${after.map((s) => fmt(s, s < 10 ? 1 : 0)).join(', ')} s (1, 15, 30 minutes at time scale ${timeScale})`;
}

/** Median of each measure over the bursts (worst for the counts that must be zero). */
export function summary(label: string, list: BurstResult[]): BurstResult {
	const m = (f: (b: BurstResult) => number) => median(list.map(f));
	const worst = (f: (b: BurstResult) => number) => Math.max(...list.map(f));
	const least = (f: (b: BurstResult) => number) => Math.min(...list.map(f));
	return {
		...list[0],
		label,
		firstAnsweredInV1: least((b) => b.firstAnsweredInV1),
		firstAnsweredInV2: least((b) => b.firstAnsweredInV2),
		delivered200: least((b) => b.delivered200),
		attempts: worst((b) => b.attempts),
		failedAttempts: worst((b) => b.failedAttempts),
		p50AnswerMs: m((b) => b.p50AnswerMs),
		p95AnswerMs: m((b) => b.p95AnswerMs),
		maxAnswerMs: worst((b) => b.maxAnswerMs),
		acceptedPerSecond: m((b) => b.acceptedPerSecond),
		executions: m((b) => b.executions),
		failedExecutions: worst((b) => b.failedExecutions),
		unfinished: worst((b) => b.unfinished),
		duplicates: worst((b) => b.duplicates),
		lost: worst((b) => b.lost),
		unexpected: worst((b) => b.unexpected),
		endToEndMs: m((b) => b.endToEndMs),
		n8nCpuMsPerEvent: m((b) => b.n8nCpuMsPerEvent),
		timedOut: list.some((b) => b.timedOut),
	};
}

/** The side-by-side table: each burst, then the ratio trigger ÷ Webhook node of the medians. */
export function realN8nTable(result: RealN8nResult): string {
	const rows = burstRows([
		...result.trigger.map((b, i) => ({ ...b, label: `trigger, burst ${i + 1}` })),
		...result.peer.map((b, i) => ({ ...b, label: `n8n Webhook node, burst ${i + 1}` })),
	]);
	const lines = [table(BURST_HEADERS, rows), ''];
	if (result.trigger.length && result.peer.length) {
		const t = summary('trigger', result.trigger);
		const p = summary('n8n Webhook node', result.peer);
		lines.push(
			table(
				['median of the bursts', 'accepted /s', 'answer p50 s', 'answer p95 s', 'n8n CPU ms per event'],
				[
					[
						'trigger',
						fmt(t.acceptedPerSecond, 1),
						fmt(t.p50AnswerMs / 1000, 1),
						fmt(t.p95AnswerMs / 1000, 1),
						fmt(t.n8nCpuMsPerEvent),
					],
					[
						'n8n Webhook node',
						fmt(p.acceptedPerSecond, 1),
						fmt(p.p50AnswerMs / 1000, 1),
						fmt(p.p95AnswerMs / 1000, 1),
						fmt(p.n8nCpuMsPerEvent),
					],
					[
						'**trigger ÷ Webhook node**',
						`**${fmt(t.acceptedPerSecond / p.acceptedPerSecond, 2)}×**`,
						`${fmt(t.p50AnswerMs / p.p50AnswerMs, 1)}×`,
						`${fmt(t.p95AnswerMs / p.p95AnswerMs, 1)}×`,
						`${fmt(t.n8nCpuMsPerEvent / p.n8nCpuMsPerEvent, 1)}×`,
					],
				],
			),
			'',
		);
	}
	const env = Object.entries(result.n8nEnv).map(([k, v]) => `${k}=${v}`);
	lines.push(
		`n8n ${result.n8nVersion} (\`n8n start\`, SQLite, ${env.length ? env.join(', ') : 'default settings'}), the package installed from its npm tarball. ` +
			`The trigger workflow is the trigger alone (event ${TRIGGER_EVENT}, options ${JSON.stringify(result.triggerOptions)}); the peer is n8n's Webhook node alone ` +
			`(POST, answers on receipt, checks nothing). Each burst: ${fmt(result.count)} signed notifications sent at once by the sandbox (one connection each), ` +
			`which waits 15 s for an answer and retries ${retrySchedule(result.timeScale)}. Answer times are n8n's, measured by a loopback proxy ` +
			`in front of it, also for answers the sandbox no longer waited for; CPU is n8n's and its task runner's (/proc) from the first send until every execution finished, ` +
			`divided by the notifications sent. Set-up ${fmt(result.setupMs / 1000, 1)} s, not counted.`,
	);
	return lines.join('\n');
}

function parseArgs(args: string[]): RealN8nOptions & { bursts: number } {
	const option = (name: string, fallback: number) => {
		const found = args.find((a) => a.startsWith(`--${name}=`));
		return found ? Number(found.split('=')[1]) : fallback;
	};
	const triggerOptions = args.find((a) => a.startsWith('--trigger-options='));
	return {
		bursts: option('bursts', 3),
		count: option('count', 200),
		waitMs: option('wait', 120) * 1000,
		timeScale: option('time-scale', DEFAULT_TIME_SCALE),
		triggerOptions: triggerOptions
			? (JSON.parse(triggerOptions.slice('--trigger-options='.length)) as Record<string, unknown>)
			: {},
		n8nEnv: Object.fromEntries(
			args.filter((a) => a.startsWith('--n8n-env=')).map((a) => a.slice('--n8n-env='.length).split(/=(.*)/s, 2)),
		),
		triggerOnly: args.includes('--trigger-only'),
	};
}

if (require.main === module) {
	const started = Date.now();
	const options = parseArgs(process.argv.slice(2));
	realN8nBurst({
		...options,
		log: (line) => console.error(`[real-n8n ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`),
	}).then(
		(result) => {
			console.log(
				`\n### Trigger vs n8n's Webhook node in a real n8n: bursts of ${fmt(result.count)} notifications (${new Date().toISOString().slice(0, 10)})\n`,
			);
			console.log(realN8nTable(result));
			process.exit([...result.trigger, ...result.peer].every((b) => verdict(b).passed) ? 0 : 1);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
