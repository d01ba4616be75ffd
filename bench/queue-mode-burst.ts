/**
 * The trigger in n8n's queue mode: Redis and PostgreSQL (scripts/queue-mode/), a main process, two webhook
 * processors behind one URL (a loopback round-robin proxy) and two workers. A burst of 1,000 notifications
 * at once, judged as the marketplace would (bench/burst.ts), then a de-duplication check: a burst in which
 * the proxy loses every tenth answer after n8n gave it, so the marketplace retries, and each retry goes to
 * the other webhook processor.
 *
 * `npx ts-node --transpile-only bench/queue-mode-burst.ts [--count=1000] [--dedupe-count=200] [--wait=180]
 *   [--workers=2] [--concurrency=10] [--n8n-env=KEY=VALUE …] [--dedupe-by=trigger|removeDuplicates|postgres] [--time-scale=1]`
 * Needs the pinned runtime (`bash e2e/ensure-runtime.sh`); installs and starts Redis and PostgreSQL.
 */
import { join } from 'node:path';

import { startSandbox } from '../sandbox';
import { buildAndPack } from '../e2e/lib/package';
import { cpuMsOfTrees } from '../e2e/lib/process-cpu';
import {
	createRunDatabase,
	dropRunDatabase,
	QueueCluster,
	runSql,
	serviceProcessIds,
	startQueueServices,
	stopQueueServices,
	type QueueServices,
} from '../e2e/lib/queue-mode';
import { ensureRuntime, REPO_ROOT } from '../e2e/lib/runtime';
import { DELIVERIES_TABLE_SQL, postgresCredential, sandboxCredential } from '../e2e/lib/workflows';
import { BURST_HEADERS, burstRows, runBurst, verdict, type BurstResult, type BurstTarget } from './burst';
import { fmt, table } from './measure';
import {
	DEFAULT_TIME_SCALE,
	handledIdMessages,
	retrySchedule,
	type DedupeBy,
	TRIGGER_EVENT,
	TRIGGER_WORKFLOW_ID,
	triggerIdMessages,
	triggerWebhookPath,
	triggerWorkflow,
} from './real-n8n-burst';

const DATABASE = 'n8n_bench_queue';
const DEDUPE_LABELS: Record<Exclude<DedupeBy, 'trigger'>, string> = {
	removeDuplicates: "n8n's Remove Duplicates (history in n8n's database)",
	postgres: "n8n's Postgres node entering the id_message into a table keyed by it",
};
const LOSE_EVERY = 10;
const WARM_UP = 20;

export interface DedupeCheck {
	burst: BurstResult;
	answersLost: number;
	/** retries that reached the other webhook processor than the first delivery */
	retriesToOtherProcessor: number;
}

export interface QueueModeResult {
	n8nVersion: string;
	setupMs: number;
	webhookProcessors: number;
	workers: number;
	concurrency: number;
	n8nEnv: Record<string, string>;
	dedupeBy: DedupeBy;
	timeScale: number;
	burst: BurstResult;
	dedupe?: DedupeCheck;
}

export interface QueueModeOptions {
	count?: number;
	/** size of the de-duplication burst (0: none) */
	dedupeCount?: number;
	waitMs?: number;
	workers?: number;
	concurrency?: number;
	n8nEnv?: Record<string, string>;
	/** a node after the trigger that drops repeats ("executed twice" then counts what got past it) */
	dedupeBy?: DedupeBy;
	/** sandbox time per real second (default 1: retries after 1, 15, 30 minutes) */
	timeScale?: number;
	log?: (line: string) => void;
}

export async function queueModeBurst(options: QueueModeOptions = {}): Promise<QueueModeResult> {
	const log = options.log ?? ((line: string) => console.error(`[queue-mode] ${line}`));
	const count = options.count ?? 1000;
	const dedupeCount = options.dedupeCount ?? 200;
	const waitMs = options.waitMs ?? 180_000;
	const workers = options.workers ?? 2;
	const concurrency = options.concurrency ?? 10;
	const n8nEnv = options.n8nEnv ?? {};
	const setupStarted = Date.now();
	const runtime = await ensureRuntime((line) => log(line));
	const services: QueueServices = await startQueueServices(log);
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		port: 0,
		timeScale: options.timeScale ?? DEFAULT_TIME_SCALE,
	});
	let cluster: QueueCluster | undefined;
	try {
		const database = await createRunDatabase(runtime, services, DATABASE);
		log('Building and packing n8n-nodes-seller-marketplace');
		const { tarball } = await buildAndPack(join(REPO_ROOT, '.e2e', 'pack'));
		// round robin; a retry goes to the processor that did not take the first delivery
		const first = new Map<string, { upstream: number; seq: number }>();
		let loseEvery = 0;
		cluster = await QueueCluster.create({
			runtime,
			tarball,
			folder: join(REPO_ROOT, '.e2e', 'runs', 'bench-queue-mode'),
			services,
			database,
			runId: `bench-${Date.now().toString(36)}`,
			workers,
			workerConcurrency: concurrency,
			extraEnv: n8nEnv,
			proxy: {
				route: (exchange) => {
					const earlier = exchange.idMessage === undefined ? undefined : first.get(exchange.idMessage);
					if (earlier) return (earlier.upstream + 1) % 2;
					const upstream = exchange.seq % 2;
					if (exchange.idMessage !== undefined) first.set(exchange.idMessage, { upstream, seq: exchange.seq });
					return upstream;
				},
				loseAnswer: (exchange) =>
					loseEvery > 0 &&
					exchange.seq % loseEvery === 0 &&
					exchange.idMessage !== undefined &&
					first.get(exchange.idMessage)?.seq === exchange.seq,
			},
		});
		log(
			`Importing into PostgreSQL and starting the main process, 2 webhook processors and ${workers} workers (concurrency ${concurrency})`,
		);
		const dedupeBy = options.dedupeBy ?? 'trigger';
		await cluster.prepare(
			[sandboxCredential(sandbox), postgresCredential(database)],
			[triggerWorkflow({}, dedupeBy)],
			[TRIGGER_WORKFLOW_ID],
		);
		if (dedupeBy === 'postgres') await runSql(runtime, database, [DELIVERIES_TABLE_SQL]);
		await cluster.start({ published: [TRIGGER_WORKFLOW_ID] });
		const callbackUrl = cluster.webhookUrl(triggerWebhookPath());
		if (sandbox.control.db.subscriptions.filter((s) => s.callback_url === callbackUrl && s.is_active).length !== 1) {
			throw new Error(`expected one active subscription for ${callbackUrl}`);
		}
		const setupMs = Date.now() - setupStarted;
		log(`queue mode ready (set-up ${fmt(setupMs / 1000, 1)} s)`);

		const servicePids = serviceProcessIds();
		const running = cluster;
		const target: BurstTarget = {
			label: dedupeBy === 'trigger' ? 'trigger, queue mode' : `trigger + ${DEDUPE_LABELS[dedupeBy]}, queue mode`,
			event: TRIGGER_EVENT,
			resources: sandbox.control.db.orders
				.filter((o) => !o._fulfilled_by_marketplace)
				.map((o) => `/orders/${o.id_order}/`),
			workflowId: TRIGGER_WORKFLOW_ID,
			proxy: cluster.proxy,
			idMessagesOf: dedupeBy === 'trigger' ? triggerIdMessages : handledIdMessages,
			executions: (afterId) => running.main.executions({ afterId, workflowId: TRIGGER_WORKFLOW_ID }),
			lastExecutionId: () => running.main.lastExecutionId(),
			n8nCpuMs: () => running.cpuMs(),
			serviceCpuMs: () => cpuMsOfTrees(servicePids),
		};
		const warm = await runBurst(sandbox, { ...target, label: 'warm-up' }, { count: WARM_UP, waitMs, log });
		if (!verdict(warm).passed) throw new Error(`warm-up of ${WARM_UP}: ${verdict(warm).reasons.join('; ')}`);
		const burst = await runBurst(sandbox, target, { count, waitMs, log });
		let dedupe: DedupeCheck | undefined;
		if (dedupeCount > 0 && !burst.timedOut) {
			const exchangesBefore = cluster.proxy.exchanges.length;
			loseEvery = LOSE_EVERY;
			const check = await runBurst(
				sandbox,
				{ ...target, label: `${target.label}, every ${LOSE_EVERY}th answer lost` },
				{ count: dedupeCount, waitMs, log },
			);
			loseEvery = 0;
			const exchanges = cluster.proxy.exchanges.slice(exchangesBefore);
			const lost = exchanges.filter((x) => x.answerLost);
			const retries = exchanges.filter(
				(x) => x.idMessage !== undefined && first.get(x.idMessage)!.upstream !== x.upstream,
			);
			dedupe = { burst: check, answersLost: lost.length, retriesToOtherProcessor: retries.length };
			log(
				`de-duplication: ${lost.length} answers lost, ${retries.length} retries on the other processor, ${check.duplicates} executed twice`,
			);
		}
		return {
			n8nVersion: runtime.n8nVersion,
			setupMs,
			webhookProcessors: 2,
			workers,
			concurrency,
			n8nEnv,
			dedupeBy,
			timeScale: options.timeScale ?? DEFAULT_TIME_SCALE,
			burst,
			dedupe,
		};
	} finally {
		await cluster?.stop();
		await sandbox.close();
		await dropRunDatabase(runtime, services, DATABASE).catch((error: Error) =>
			log(`could not drop ${DATABASE}: ${error.message}`),
		);
		await stopQueueServices(services);
	}
}

export function queueModeTable(result: QueueModeResult): string {
	const lines = [table(BURST_HEADERS, burstRows([result.burst])), ''];
	if (result.dedupe) {
		const { burst, answersLost, retriesToOtherProcessor } = result.dedupe;
		lines.push(
			table(
				[
					'de-duplication across webhook processors',
					'sent',
					'answers lost on purpose',
					'retries that reached the other processor',
					'executions',
					'executed twice',
					'lost',
				],
				[
					[
						'every 10th answer lost after n8n gave it',
						fmt(burst.sent),
						fmt(answersLost),
						fmt(retriesToOtherProcessor),
						fmt(burst.executions),
						`**${fmt(burst.duplicates)}**`,
						fmt(burst.lost),
					],
				],
			),
			'',
		);
	}
	const env = Object.entries(result.n8nEnv).map(([k, v]) => `${k}=${v}`);
	lines.push(
		`n8n ${result.n8nVersion} in queue mode (${env.length ? env.join(', ') : 'default settings'}): PostgreSQL and Redis from Debian's packages on 127.0.0.1 (scripts/queue-mode/start.sh), ` +
			`one main process, ${result.webhookProcessors} webhook processors behind a loopback round-robin proxy, ${result.workers} workers (concurrency ${result.concurrency}), ` +
			`all on the same machine. The sandbox waits 15 s for an answer and retries ${retrySchedule(result.timeScale)}; a retry goes to the other webhook processor than its first delivery. CPU: n8n's processes and task runners; in brackets PostgreSQL and Redis. ` +
			(result.dedupeBy === 'trigger'
				? ''
				: `The workflow is the trigger → ${DEDUPE_LABELS[result.dedupeBy]} → a do-nothing node; "executed twice" counts what got past it twice. `) +
			`Set-up ${fmt(result.setupMs / 1000, 1)} s, not counted.`,
	);
	return lines.join('\n');
}

if (require.main === module) {
	const args = process.argv.slice(2);
	const option = (name: string, fallback: number) => {
		const found = args.find((a) => a.startsWith(`--${name}=`));
		return found ? Number(found.split('=')[1]) : fallback;
	};
	const started = Date.now();
	queueModeBurst({
		count: option('count', 1000),
		dedupeCount: option('dedupe-count', 200),
		waitMs: option('wait', 180) * 1000,
		workers: option('workers', 2),
		concurrency: option('concurrency', 10),
		n8nEnv: Object.fromEntries(
			args.filter((a) => a.startsWith('--n8n-env=')).map((a) => a.slice('--n8n-env='.length).split(/=(.*)/s, 2)),
		),
		dedupeBy: (args.find((a) => a.startsWith('--dedupe-by='))?.split('=')[1] ?? 'trigger') as DedupeBy,
		timeScale: option('time-scale', DEFAULT_TIME_SCALE),
		log: (line) => console.error(`[queue-mode ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`),
	}).then(
		(result) => {
			console.log(
				`\n### The trigger in n8n's queue mode: ${fmt(result.burst.sent)} notifications at once (${new Date().toISOString().slice(0, 10)})\n`,
			);
			console.log(queueModeTable(result));
			process.exit(verdict(result.burst).passed && !result.dedupe?.burst.duplicates ? 0 : 1);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
