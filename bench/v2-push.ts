/**
 * Push notifications on API v2 through a real n8n, interleaved (trigger, Webhook node, GitHub Trigger in each
 * round), each judged by API v2's 5 s answer deadline (bench/burst.ts measures and judges a burst):
 *  - the package's trigger (v2, order_new, default options: signature checked, repeats ignored), notified by the
 *    sandbox, which signs, waits 5 s and retries a minute later as the marketplace does;
 *  - n8n's Webhook node (answers on receipt, checks nothing), subscribed to order_unit_new in the sandbox directly
 *    (it cannot answer the verification), notified the same way;
 *  - n8n's GitHub Trigger, a built-in trigger that registers its webhook (at a loopback stub of GitHub's hooks API)
 *    and checks X-Hub-Signature-256; the bench sends its deliveries as GitHub does (signed, one connection each,
 *    10 s timeout, no retry).
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';

import { nodeItems, type ExecutionRecord } from '../e2e/lib/n8n';
import {
	BURST_HEADERS,
	burstRows,
	runBurst,
	V2_DEADLINE_MS,
	verdict,
	type BurstResult,
	type BurstTarget,
	type Delivery,
	type DeliverySource,
} from './burst';
import { fmt, fmtSpread, median, spread, table } from './measure';
import { PUSH, STOREFRONT, type V2Bench } from './v2-environment';

const WARM_UP = 20;
/** GitHub waits 10 s for an answer and does not retry on its own */
const GITHUB_TIMEOUT_MS = 10_000;

/** CLOCK_MONOTONIC in µs: the clock of the timestamps in a V8 CPU profile (`node --cpu-prof`) of any process. */
const monotonicMicros = () => (process.hrtime.bigint() / BigInt(1000)).toString();

export type PushTargetName = keyof typeof PUSH;
export const PUSH_LABELS: Record<PushTargetName, string> = {
	trigger: 'the package’s trigger (v2)',
	webhook: 'n8n Webhook node',
	github: 'n8n GitHub Trigger',
};

export interface PushResult {
	count: number;
	bursts: Record<PushTargetName, BurstResult[]>;
}

const bodyIdMessages = (nodeName: string) => (execution: ExecutionRecord) =>
	nodeItems(execution.runData, nodeName).map((item) =>
		String((item.body as { id_message?: unknown } | undefined)?.id_message),
	);

/** The bench as GitHub: `count` signed deliveries at once to the hook the GitHub Trigger registered. */
function githubSource(bench: V2Bench): DeliverySource {
	const hook = bench.github.hooks.find((h) => h.active);
	if (!hook) throw new Error('the GitHub Trigger registered no webhook at the stub');
	const sent: Array<Delivery & { tag: string }> = [];
	const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
	const post = (tag: string, seq: number) => {
		const idMessage = `gh-${tag}-${seq}`;
		const body = JSON.stringify({
			action: 'opened',
			id_message: idMessage,
			tag,
			seq,
			issue: { number: seq + 1, title: `Order ${seq}` },
			repository: { full_name: 'bench/shop' },
		});
		const delivery: Delivery & { tag: string } = { id_message: idMessage, attempt: 1, ok: false, tag };
		sent.push(delivery);
		const request = http.request(hook.url, {
			method: 'POST',
			agent,
			timeout: GITHUB_TIMEOUT_MS,
			headers: {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(body),
				'User-Agent': 'GitHub-Hookshot/bench',
				'X-GitHub-Event': PUSH.github.event,
				'X-GitHub-Delivery': randomUUID(),
				'X-GitHub-Hook-ID': String(hook.id),
				'X-Hub-Signature-256': `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`,
			},
		});
		request.on('response', (response) => {
			response.resume();
			response.on('end', () => (delivery.ok = response.statusCode === 200));
		});
		request.on('timeout', () => request.destroy());
		request.on('error', () => undefined);
		request.end(body);
	};
	return {
		emit: async (count, tag) => {
			for (let i = 0; i < count; i++) post(tag, i);
		},
		deliveries: (tag) => sent.filter((d) => d.tag === tag),
	};
}

function targets(bench: V2Bench): Record<PushTargetName, BurstTarget> {
	const { n8n, proxy, sandbox } = bench;
	const db = sandbox.control.db;
	const common = {
		proxy,
		deadlineMs: V2_DEADLINE_MS,
		lastExecutionId: () => n8n.lastExecutionId(),
		n8nCpuMs: () => n8n.cpuMs(),
	};
	const inStorefront = (record: { _storefront?: string | null; _fulfilled_by_marketplace?: boolean }) =>
		!record._fulfilled_by_marketplace && (record._storefront ?? 'de') === STOREFRONT;
	const of = (name: PushTargetName) => ({
		label: PUSH_LABELS[name],
		workflowId: PUSH[name].workflowId,
		executions: (afterId: number) => n8n.executions({ afterId, workflowId: PUSH[name].workflowId }),
	});
	return {
		trigger: {
			...common,
			...of('trigger'),
			event: PUSH.trigger.event,
			resources: db.orders.filter(inStorefront).map((o) => `/orders/${o.id_order}/`),
			idMessagesOf: (execution) =>
				nodeItems(execution.runData, PUSH.trigger.nodeName).map((item) => String(item.id_message)),
		},
		webhook: {
			...common,
			...of('webhook'),
			event: PUSH.webhook.event,
			resources: db.orderUnits.filter(inStorefront).map((u) => `/order-units/${u.id_order_unit}/`),
			idMessagesOf: bodyIdMessages(PUSH.webhook.nodeName),
		},
		github: {
			...common,
			...of('github'),
			event: PUSH.github.event,
			resources: [],
			idMessagesOf: bodyIdMessages(PUSH.github.nodeName),
			source: () => githubSource(bench),
		},
	};
}

export async function v2Push(
	bench: V2Bench,
	{ rounds, count, waitMs, log }: { rounds: number; count: number; waitMs: number; log: (line: string) => void },
): Promise<PushResult> {
	const { sandbox, proxy } = bench;
	const callbackUrl = `${proxy.origin}/webhook/${PUSH.trigger.webhookId}/webhook`;
	const subscribed = sandbox.control.db.subscriptions.filter(
		(s) => s.callback_url === callbackUrl && s.event_name === PUSH.trigger.event && s.is_active && s._api === 'v2',
	);
	if (subscribed.length !== 1)
		throw new Error(
			`expected one active v2 ${PUSH.trigger.event} subscription for ${callbackUrl}, found ${subscribed.length}`,
		);
	// The Webhook node cannot answer the marketplace's verification: its subscription is entered in the sandbox
	// directly, a new one for each burst. The last one is switched off after its burst, so the sandbox drops the
	// retries still pending from a late burst (they would run the Webhook node again during another peer's burst).
	// The trigger keeps its own subscription throughout (switched off, its watch would repair it and read back): a
	// late retry of its earlier burst is a repeat it answers without an execution.
	let webhookSubscription = 900_002;
	const renewWebhookSubscription = () => {
		for (const subscription of sandbox.control.db.subscriptions)
			if (subscription.event_name === PUSH.webhook.event) subscription.is_active = false;
		sandbox.control.db.subscriptions.push({
			id_subscription: webhookSubscription++,
			callback_url: `${proxy.origin}/webhook/${PUSH.webhook.path}`,
			fallback_email: 'ops@seller.example',
			event_name: PUSH.webhook.event,
			is_active: true,
			_api: 'v2',
		});
	};
	const all = targets(bench);
	const order: PushTargetName[] = ['trigger', 'webhook', 'github'];
	/** records no burst has named yet, per workflow */
	const unnamed = Object.fromEntries(order.map((name) => [name, [...all[name].resources]])) as Record<
		PushTargetName,
		string[]
	>;
	const burst = async (name: PushTargetName, burstCount: number, prefix: string) => {
		if (name === 'webhook') renewWebhookSubscription();
		// A new order is one event: the trigger runs an order's order_new once, whatever its id_message (a push and
		// the same creation read back by its watch). Each burst names records no earlier burst named, or its repeats
		// would be measured as cheap ignored calls.
		const fresh = unnamed[name];
		if (fresh.length && fresh.length < burstCount)
			throw new Error(`the sandbox holds too few records for another burst of ${burstCount} ${all[name].event}`);
		const target = fresh.length ? { ...all[name], resources: fresh.splice(0, burstCount) } : all[name];
		// the burst's window in a CPU profile of n8n (started with --cpu-prof)
		const from = monotonicMicros();
		const result = await runBurst(sandbox, target, {
			count: burstCount,
			waitMs,
			log: (line) => log(`${prefix}${line}`),
		});
		log(`${prefix}${name} window ${from}–${monotonicMicros()} µs (monotonic clock)`);
		if (result.timedOut) {
			// n8n has not caught up: let it finish before the next burst is measured
			log(`${prefix}${all[name].label}: the wait ran out; waiting for n8n to answer what it still holds`);
			await proxy.settled(waitMs);
		}
		return result;
	};
	// not counted, and not judged: it loads the code paths
	for (const name of order) await burst(name, WARM_UP, 'warm-up (not counted) ');
	const bursts: Record<PushTargetName, BurstResult[]> = { trigger: [], webhook: [], github: [] };
	for (let round = 1; round <= rounds; round++) {
		// each round starts with another peer, so none always follows the same one (n8n may still be writing the
		// previous burst's executions)
		for (const name of order.map((_, i) => order[(i + round - 1) % order.length]))
			bursts[name].push(await burst(name, count, `round ${round}: `));
	}
	return { count, bursts };
}

/** The issue's goals for the trigger (issue 34), judged on the median of the per-round ratios. */
export const PUSH_GOALS = {
	/** accepted /s, trigger ÷ peer: at least */
	accepted: { webhook: 1.0, github: 1.5 },
	/** n8n CPU per notification, trigger ÷ Webhook node: at most */
	cpuVsWebhook: 1.0,
	/** answer p95 of a burst, seconds: at most */
	p95Seconds: 5,
} as const;

/** Per-round ratio trigger ÷ peer of one measure, over the rounds both were measured in. */
function roundRatios(result: PushResult, peer: PushTargetName, f: (b: BurstResult) => number): number[] {
	const rounds = Math.min(result.bursts.trigger.length, result.bursts[peer].length);
	return Array.from({ length: rounds }, (_, i) => f(result.bursts.trigger[i]) / f(result.bursts[peer][i]));
}

export function pushFailures(result: PushResult): string[] {
	const names = Object.keys(result.bursts) as PushTargetName[];
	const failures = names.flatMap((name) =>
		result.bursts[name].flatMap((b, i) => {
			const { passed, reasons } = verdict(b);
			return passed ? [] : [`push ${PUSH_LABELS[name]}, round ${i + 1}: ${reasons.join('; ')}`];
		}),
	);
	const goal = (ok: boolean, text: string) => (ok ? [] : [`push goal missed: ${text}`]);
	const ratio = (peer: PushTargetName, f: (b: BurstResult) => number) => spread(roundRatios(result, peer, f));
	for (const peer of ['webhook', 'github'] as const) {
		const accepted = ratio(peer, (b) => b.acceptedPerSecond);
		failures.push(
			...goal(
				accepted.median >= PUSH_GOALS.accepted[peer],
				`accepted /s trigger ÷ ${PUSH_LABELS[peer]} ${fmtSpread(accepted)}, goal ≥ ${PUSH_GOALS.accepted[peer]}×`,
			),
		);
	}
	const cpu = ratio('webhook', (b) => b.n8nCpuMsPerEvent);
	failures.push(
		...goal(
			cpu.median <= PUSH_GOALS.cpuVsWebhook,
			`n8n CPU per notification trigger ÷ ${PUSH_LABELS.webhook} ${fmtSpread(cpu)}, goal ≤ ${PUSH_GOALS.cpuVsWebhook}×`,
		),
	);
	const p95 = spread(result.bursts.trigger.map((b) => b.p95AnswerMs / 1000));
	failures.push(
		...goal(
			p95.median <= PUSH_GOALS.p95Seconds,
			`the trigger's answer p95 ${fmtSpread(p95, 1, ' s')}, goal ≤ ${PUSH_GOALS.p95Seconds} s`,
		),
	);
	return failures;
}

/**
 * n8n's CPU per call it received (first deliveries and retries): late answers bring retries a minute later (the
 * sandbox's; the bench as GitHub sends none), each of which costs n8n a call too.
 */
const cpuPerCall = (b: BurstResult) => (b.n8nCpuMsPerEvent * b.sent) / Math.max(b.attempts, 1);

export function pushTable(result: PushResult): string {
	const names = Object.keys(result.bursts) as PushTargetName[];
	const rows = burstRows(
		names.flatMap((name) =>
			result.bursts[name].map((b, i) => ({ ...b, label: `${PUSH_LABELS[name]}, round ${i + 1}` })),
		),
	);
	const headers = BURST_HEADERS.map((h) => (h.startsWith('verdict') ? 'verdict (v2: all within 5 s, each once)' : h));
	const per = (name: PushTargetName, f: (b: BurstResult) => number) => result.bursts[name].map(f);
	const ratioRow = (peer: PushTargetName): string[] => {
		// the median (min–max), then each round's ratio
		const ratio = (f: (b: BurstResult) => number) => {
			const values = roundRatios(result, peer, f);
			return `${fmtSpread(spread(values))}${values.length > 1 ? `: ${values.map((v) => fmt(v, 2)).join(', ')}` : ''}`;
		};
		return [
			`trigger ÷ ${PUSH_LABELS[peer]}`,
			ratio((b) => b.acceptedPerSecond),
			ratio((b) => b.p95AnswerMs),
			ratio((b) => b.n8nCpuMsPerEvent),
			ratio(cpuPerCall),
		];
	};
	const summaryRows = names.map((name) => [
		PUSH_LABELS[name],
		`${fmt(Math.min(...per(name, (b) => b.firstAnsweredInV2)))} / ${fmt(result.count)} (worst round)`,
		fmtSpread(spread(per(name, (b) => b.acceptedPerSecond)), 1, '/s'),
		fmtSpread(spread(per(name, (b) => b.p95AnswerMs / 1000)), 1, ' s'),
		fmtSpread(spread(per(name, (b) => b.n8nCpuMsPerEvent)), 0, ' ms'),
		fmtSpread(spread(per(name, cpuPerCall)), 0, ' ms'),
		fmt(Math.max(...per(name, (b) => b.duplicates))),
		fmt(Math.max(...per(name, (b) => b.lost))),
	]);
	return [
		table(headers, rows),
		'',
		table(
			[
				'workflow',
				'first delivery answered 200 within 5 s',
				'accepted /s, median (min–max)',
				'answer p95',
				'n8n CPU per event',
				'n8n CPU per call (retries included)',
				'doubled (worst)',
				'lost (worst)',
			],
			summaryRows,
		),
		'',
		table(
			[
				'per-round ratio, median (min–max): each round',
				'accepted /s',
				'answer p95',
				'n8n CPU per event',
				'n8n CPU per call',
			],
			[ratioRow('webhook'), ratioRow('github')],
		),
		'',
		`Rounds in turn: one burst of ${fmt(result.count)} through each workflow, after a warm-up of ${WARM_UP} each; each round starts with the next workflow (trigger, Webhook node, GitHub Trigger; then Webhook node, GitHub Trigger, trigger; …). The sandbox sends the trigger's and the Webhook ` +
			`node's notifications (v2 format, signed, all at once, one connection each; it waits ${V2_DEADLINE_MS / 1000} s for an answer and retries a minute later); the bench ` +
			`sends the GitHub Trigger's (signed with the secret it registered, ${GITHUB_TIMEOUT_MS / 1000} s timeout, no retry). Answer times are n8n's, measured by a loopback ` +
			`proxy in front of it; CPU is n8n's and its task runner's (/proc) from the first send until every execution finished, per notification sent, and per call n8n received (retries included). ` +
			`"doubled": notifications that started more than one execution. Median of the per-round ratios; lower is better for p95 and CPU. ` +
			`Goals (issue 34; a FAIL line when missed): accepted /s ≥ ${PUSH_GOALS.accepted.webhook}× the Webhook node's and ≥ ${PUSH_GOALS.accepted.github}× the GitHub Trigger's, ` +
			`n8n CPU per notification ≤ ${PUSH_GOALS.cpuVsWebhook}× the Webhook node's, answer p95 ≤ ${PUSH_GOALS.p95Seconds} s.`,
	].join('\n');
}

export const pushMedianAccepted = (result: PushResult, name: PushTargetName) =>
	median(result.bursts[name].map((b) => b.acceptedPerSecond));
