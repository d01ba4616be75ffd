/**
 * One burst of push notifications from the sandbox into a real n8n, measured the way the marketplace judges
 * it: every delivery must be answered 200 within the deadline (v1: 15 s; v2: 5 s), and every notification
 * must start exactly one execution. A loopback proxy (e2e/lib/webhook-proxy.ts) in front of n8n times each
 * answer, also the ones the sandbox gave up waiting for; CPU is read from /proc for n8n's processes.
 *
 * The sandbox runs in the bench process, so `emitEvent` queues the whole burst before the first delivery
 * leaves: all POSTs are in flight at once, signed and retried as real ones (at the sandbox's time scale).
 */
import type { Sandbox } from '../sandbox';
import { sleep, type ExecutionRecord } from '../e2e/lib/n8n';
import type { WebhookProxy } from '../e2e/lib/webhook-proxy';
import { fmt, now } from './measure';

/** The marketplace's answer deadlines: API v1 (spec: 15 s) and v2 (5 s for notifications). */
export const V1_DEADLINE_MS = 15_000;
export const V2_DEADLINE_MS = 5_000;

/** One attempt to deliver a notification, as its sender saw it. */
export interface Delivery {
	id_message?: string;
	attempt?: number;
	/** answered as the sender wants (the sandbox: in time and 2xx / 200) */
	ok: boolean;
}

/** Who sends a burst: by default the sandbox (signed, retried), else e.g. the bench posing as GitHub. */
export interface DeliverySource {
	/** sends `count` notifications at once, each carrying `tag` */
	emit(count: number, tag: string): Promise<void>;
	/** every attempt so far of notifications that carry `tag` */
	deliveries(tag: string): Delivery[];
}

/** What receives the burst: a workflow in a running n8n, reached through `proxy`. */
export interface BurstTarget {
	label: string;
	/** the sandbox event the target (alone) is subscribed to */
	event: string;
	/** resource paths to cycle through */
	resources: string[];
	workflowId: string;
	proxy: WebhookProxy;
	/** the id_message values an execution carries */
	idMessagesOf(execution: ExecutionRecord): string[];
	executions(afterId: number): Promise<ExecutionRecord[]>;
	lastExecutionId(): Promise<number>;
	/** CPU ms used so far by n8n's processes */
	n8nCpuMs(): number;
	/** CPU ms used so far by the database and queue servers, where they are separate processes */
	serviceCpuMs?(): number;
	/** the answer deadline the burst is judged by (default: API v1's 15 s) */
	deadlineMs?: number;
	/** a new sender for each burst; absent: the sandbox emits `event` for `resources` */
	source?(): DeliverySource;
}

/** The sandbox as the sender: `emitEvent` queues the whole burst before the first delivery leaves. */
export function sandboxSource(sandbox: Sandbox, event: string, resources: string[]): DeliverySource {
	const control = sandbox.control;
	const before = control.deliveries().length;
	return {
		emit: async (count, tag) => {
			for (let i = 0; i < count; i++)
				await control.emitEvent(event, resources[i % resources.length], JSON.stringify({ tag, seq: i }));
		},
		deliveries: (tag) => {
			// API v1 carries the payload as JSON text, v2 as JSON
			const marks = [`"tag\\":\\"${tag}\\"`, `"tag":"${tag}"`];
			return control
				.deliveries()
				.slice(before)
				.filter(
					(d) => d.kind === 'event' && d.event_name === event && marks.some((mark) => d.requestBody.includes(mark)),
				);
		},
	};
}

export interface BurstOptions {
	count: number;
	/** how long to wait for the burst to be answered and executed before giving up */
	waitMs: number;
	log: (line: string) => void;
}

export interface BurstResult {
	label: string;
	sent: number;
	/** the deadline it is judged by: 15 s (API v1) or 5 s (API v2) */
	deadlineMs: number;
	/** distinct notifications whose first delivery was answered 200 within 15 s / 5 s */
	firstAnsweredInV1: number;
	firstAnsweredInV2: number;
	/** distinct notifications answered 200 in the end (retries included) */
	delivered200: number;
	attempts: number;
	/** attempts the sandbox counted as failed (not 200, or no answer within its deadline) */
	failedAttempts: number;
	/** n8n's answer time of each first delivery, ms (from the proxy: also when the sandbox had given up) */
	p50AnswerMs: number;
	p95AnswerMs: number;
	maxAnswerMs: number;
	/** notifications n8n answered 200 per second: first emit → its last 200 */
	acceptedPerSecond: number;
	executions: number;
	unfinished: number;
	failedExecutions: number;
	duplicates: number;
	lost: number;
	unexpected: number;
	/** first emit → the last execution stopped */
	endToEndMs: number;
	n8nCpuMsPerEvent: number;
	serviceCpuMsPerEvent?: number;
	/** the wait ran out before everything was answered and executed */
	timedOut: boolean;
}

const UNFINISHED = ['new', 'running', 'waiting'];

function percentile(values: number[], p: number): number {
	if (!values.length) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** n8n's timestamps: SQLite 'YYYY-MM-DD HH:MM:SS.SSS' in UTC, PostgreSQL ISO with Z. */
function epochMs(text: string | null): number {
	if (!text) return NaN;
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

let burstSeq = 0;

export async function runBurst(
	sandbox: Sandbox,
	target: BurstTarget,
	{ count, waitMs, log }: BurstOptions,
): Promise<BurstResult> {
	// each event's payload names its burst, so late retries of an earlier burst are not counted here
	const tag = `bench-burst-${++burstSeq}`;
	const source = target.source?.() ?? sandboxSource(sandbox, target.event, target.resources);
	const afterId = await target.lastExecutionId();
	const exchangesBefore = target.proxy.exchanges.length;
	const cpuBefore = target.n8nCpuMs();
	const serviceCpuBefore = target.serviceCpuMs?.() ?? 0;
	const startedAt = Date.now();
	const t0 = now();
	await source.emit(count, tag);
	const deadline = t0 + waitMs;

	const deliveries = () => source.deliveries(tag);
	let timedOut = false;
	while (
		new Set(
			deliveries()
				.filter((d) => d.ok)
				.map((d) => d.id_message),
		).size < count
	) {
		if (now() > deadline) {
			timedOut = true;
			break;
		}
		await sleep(50);
	}
	const sent = new Set(deliveries().map((d) => d.id_message!));
	const delivered = new Set(
		deliveries()
			.filter((d) => d.ok)
			.map((d) => d.id_message!),
	);

	// every delivered notification executed and nothing still running (or the wait ran out)
	let executions: ExecutionRecord[] = [];
	for (;;) {
		executions = await target.executions(afterId);
		const executed = new Set(executions.flatMap((e) => target.idMessagesOf(e)));
		if (!executions.some((e) => UNFINISHED.includes(e.status)) && [...delivered].every((id) => executed.has(id))) break;
		if (now() > deadline) {
			timedOut = true;
			break;
		}
		await sleep(250);
	}
	const cpuAfter = target.n8nCpuMs();
	const serviceCpuAfter = target.serviceCpuMs?.() ?? 0;
	// n8n's answers the sandbox gave up on, and a second look for late duplicates
	await target.proxy.settled(Math.max(1000, deadline - now()));
	await sleep(1000);
	executions = await target.executions(afterId);

	const attempts = deliveries();
	const firstDelivery = new Map(attempts.filter((d) => d.attempt === 1).map((d) => [d.id_message!, d]));
	const exchanges = target.proxy.exchanges
		.slice(exchangesBefore)
		.filter((x) => x.method === 'POST' && x.idMessage !== undefined && sent.has(x.idMessage));
	const firstExchange = new Map<string, (typeof exchanges)[number]>();
	for (const exchange of exchanges)
		if (!firstExchange.has(exchange.idMessage!)) firstExchange.set(exchange.idMessage!, exchange);
	const answered200 = [...firstExchange.values()].filter((x) => x.status === 200 && x.answeredMs !== undefined);
	const answerTimes = [...firstExchange.values()].filter((x) => x.status !== undefined).map((x) => x.answeredMs!);
	const within = (ms: number) =>
		[...firstExchange.entries()].filter(
			([id, x]) => x.status === 200 && !x.answerLost && x.answeredMs! <= ms && firstDelivery.get(id)?.ok,
		).length;
	const lastAccepted = Math.max(...answered200.map((x) => x.receivedAt + x.answeredMs!));

	const counts = new Map<string, number>();
	for (const execution of executions)
		for (const id of target.idMessagesOf(execution)) counts.set(id, (counts.get(id) ?? 0) + 1);
	const lastStop = Math.max(...executions.map((e) => epochMs(e.stoppedAt)).filter(Number.isFinite));
	const result: BurstResult = {
		label: target.label,
		sent: count,
		deadlineMs: target.deadlineMs ?? V1_DEADLINE_MS,
		firstAnsweredInV1: within(V1_DEADLINE_MS),
		firstAnsweredInV2: within(V2_DEADLINE_MS),
		delivered200: delivered.size,
		attempts: attempts.length,
		failedAttempts: attempts.filter((d) => !d.ok).length,
		p50AnswerMs: percentile(answerTimes, 50),
		p95AnswerMs: percentile(answerTimes, 95),
		maxAnswerMs: answerTimes.length ? Math.max(...answerTimes) : NaN,
		acceptedPerSecond: answered200.length ? (answered200.length / (lastAccepted - startedAt)) * 1000 : 0,
		executions: executions.length,
		unfinished: executions.filter((e) => UNFINISHED.includes(e.status)).length,
		failedExecutions: executions.filter((e) => e.status !== 'success' && !UNFINISHED.includes(e.status)).length,
		duplicates: [...counts.values()].reduce((sum, c) => sum + Math.max(0, c - 1), 0),
		lost: count - sent.size + [...sent].filter((id) => !counts.has(id)).length,
		unexpected: [...counts.keys()].filter((id) => !sent.has(id)).length,
		endToEndMs: lastStop - startedAt,
		n8nCpuMsPerEvent: (cpuAfter - cpuBefore) / count,
		serviceCpuMsPerEvent: target.serviceCpuMs ? (serviceCpuAfter - serviceCpuBefore) / count : undefined,
		timedOut,
	};
	const { passed, reasons } = verdict(result);
	log(
		`${target.label}: ${result.firstAnsweredInV1}/${count} answered 200 within 15 s (${result.firstAnsweredInV2} within 5 s), ` +
			`p50/p95 ${fmt(result.p50AnswerMs)}/${fmt(result.p95AnswerMs)} ms, ${fmt(result.acceptedPerSecond, 1)}/s accepted, ` +
			`${result.attempts} attempts (${result.failedAttempts} failed), ${result.executions} executions, ${result.duplicates} duplicates, ${result.lost} lost, ` +
			`${fmt(result.n8nCpuMsPerEvent)} ms n8n CPU per event → ${passed ? 'PASSED' : `FAILED: ${reasons.join('; ')}`}`,
	);
	return result;
}

/**
 * Passed only when the marketplace would be content: every notification's first delivery answered 200
 * within the deadline (API v1 15 s, v2 5 s: so nothing was retried), every one executed exactly once, none lost,
 * nothing foreign.
 */
export function verdict(result: BurstResult): { passed: boolean; reasons: string[] } {
	const reasons: string[] = [];
	const v2 = result.deadlineMs <= V2_DEADLINE_MS;
	const late = result.sent - (v2 ? result.firstAnsweredInV2 : result.firstAnsweredInV1);
	if (late)
		reasons.push(
			`${fmt(late)} of ${fmt(result.sent)} not answered 200 within ${v2 ? 5 : 15} s (${fmt(result.failedAttempts)} deliveries failed)`,
		);
	if (result.lost) reasons.push(`${fmt(result.lost)} lost`);
	if (result.duplicates) reasons.push(`${fmt(result.duplicates)} executed twice`);
	if (result.unexpected) reasons.push(`${fmt(result.unexpected)} unexpected`);
	if (result.failedExecutions) reasons.push(`${fmt(result.failedExecutions)} executions failed`);
	if (result.timedOut) reasons.push('not all answered and executed before the wait ran out');
	return { passed: reasons.length === 0, reasons };
}

/** One Markdown row per burst. */
export function burstRows(results: BurstResult[]): string[][] {
	return results.map((r) => {
		const { passed, reasons } = verdict(r);
		return [
			r.label,
			fmt(r.sent),
			`${fmt(r.firstAnsweredInV1)} / ${fmt(r.firstAnsweredInV2)}`,
			`${fmt(r.p50AnswerMs / 1000, 1)} / ${fmt(r.p95AnswerMs / 1000, 1)}`,
			fmt(r.acceptedPerSecond, 1),
			r.serviceCpuMsPerEvent === undefined
				? fmt(r.n8nCpuMsPerEvent)
				: `${fmt(r.n8nCpuMsPerEvent)} (+${fmt(r.serviceCpuMsPerEvent)})`,
			`${fmt(r.executions)}${r.failedExecutions ? ` (${fmt(r.failedExecutions)} failed)` : ''}`,
			fmt(r.duplicates),
			fmt(r.lost),
			passed ? 'passed ✓' : `**failed ✗**: ${reasons.join('; ')}`,
		];
	});
}

export const BURST_HEADERS = [
	'workflow',
	'sent',
	'first delivery answered 200 within 15 s / 5 s',
	'answer p50 / p95 s',
	'accepted /s',
	'n8n CPU ms per event',
	'executions',
	'executed twice',
	'lost',
	'verdict (v1: all within 15 s, each once)',
];
