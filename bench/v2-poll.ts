/**
 * The poll trigger (v2, New Order, every minute) in a real n8n: published as the editor does it, then what its polls
 * cost. The sandbox's request log (its own timestamps) is split into polls at gaps of more than 10 s; push
 * subscriptions are switched off first, so every request in the log is the poll trigger's.
 *  - idle polls before anything happens: requests per poll;
 *  - 1,000 new orders at once (storefront de): the requests of the poll that finds them, the time from placing them
 *    to the end of the execution that emits them, each emitted exactly once;
 *  - idle polls after that burst: requests per poll (they must not re-read the burst).
 */
import { nodeItems, sleep, type ExecutionRecord } from '../e2e/lib/n8n';
import type { RequestLogEntry } from '../sandbox';
import { fmt, table } from './measure';
import { POLL, STOREFRONT, type V2Bench } from './v2-environment';

const POLL_GAP_MS = 10_000;
/** the trigger's default Max Items per Poll: a burst of N new records takes ⌈N ÷ 100⌉ polls */
const DEFAULT_MAX_ITEMS_PER_POLL = 100;
/** one poll a minute: a poll is due within this long */
const POLL_WAIT_MS = 100_000;

export interface PollResult {
	records: number;
	/** requests of each poll, in order: the first (on publishing), idle ones, the one that found the burst, idle ones after */
	first: number;
	idleBefore: number[];
	burstPolls: number[];
	idleAfter: number[];
	/** placing the first order → the end of the last execution that emitted one of them */
	burstMs: number;
	executions: number;
	emitted: number;
	doubled: number;
	lost: number;
	unexpected: number;
	failedExecutions: number;
}

function polls(log: RequestLogEntry[]): RequestLogEntry[][] {
	const groups: RequestLogEntry[][] = [];
	let lastMs = -Infinity;
	for (const entry of [...log].sort((a, b) => a.receivedMs - b.receivedMs)) {
		if (entry.receivedMs - lastMs > POLL_GAP_MS) groups.push([]);
		groups[groups.length - 1].push(entry);
		lastMs = entry.receivedMs;
	}
	return groups;
}

const UNFINISHED = ['new', 'running', 'waiting'];
const epochMs = (text: string | null) =>
	text ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`) : NaN;

export async function v2Poll(
	bench: V2Bench,
	{ records, idlePolls, log }: { records: number; idlePolls: number; log: (line: string) => void },
): Promise<PollResult> {
	const { sandbox, n8n } = bench;
	const control = sandbox.control;
	for (const subscription of control.db.subscriptions) subscription.is_active = false;
	const v2Log = () => control.requests().filter((entry) => entry.api === 'v2');
	/** waits until `count` polls are complete (the last one quiet for 3 s) */
	const waitForPolls = async (count: number) => {
		const deadline = Date.now() + POLL_WAIT_MS * Math.max(1, count - polls(v2Log()).length);
		for (;;) {
			const done = polls(v2Log());
			const last = done.at(-1)?.at(-1);
			if (done.length >= count && last?.answeredMs !== undefined && performance.now() - last.answeredMs > 3000)
				return done;
			if (Date.now() > deadline) throw new Error(`waited for poll ${count}, saw ${done.length}`);
			await sleep(500);
		}
	};
	control.clearRequests();
	const afterId = await n8n.lastExecutionId();
	await n8n.activate(POLL.workflowId);
	log('poll trigger published');
	try {
		let seen = await waitForPolls(1 + idlePolls);
		log(`polls before the burst: ${seen.map((p) => p.length).join(', ')} requests`);

		const placed = new Set<string>();
		const placedAt = Date.now();
		for (let i = 0; i < records; i++)
			placed.add((await control.createOrder({ storefront: STOREFRONT })).order.id_order);
		log(`${fmt(records)} orders placed in ${fmt((Date.now() - placedAt) / 1000, 1)} s`);
		const beforeBurst = seen.length;

		// the executions that emit them
		let executions: ExecutionRecord[] = [];
		const emittedIds = () =>
			executions.flatMap((e) => nodeItems(e.runData, POLL.nodeName).map((item) => String(item.id_order)));
		const deadline = Date.now() + (Math.ceil(records / DEFAULT_MAX_ITEMS_PER_POLL) + 2) * POLL_WAIT_MS;
		for (;;) {
			executions = (await n8n.executions({ afterId, workflowId: POLL.workflowId })).filter((e) => e.mode === 'trigger');
			const emitted = new Set(emittedIds());
			if (!executions.some((e) => UNFINISHED.includes(e.status)) && [...placed].every((id) => emitted.has(id))) break;
			if (Date.now() > deadline) break;
			await sleep(2000);
		}
		const burstEnd = Math.max(...executions.map((e) => epochMs(e.stoppedAt)).filter(Number.isFinite));
		seen = await waitForPolls(polls(v2Log()).length + idlePolls);
		const counts = new Map<string, number>();
		for (const id of emittedIds()) counts.set(id, (counts.get(id) ?? 0) + 1);
		const all = seen.map((p) => p.length);
		// the polls that found the burst: from the first after it was placed up to the last before the idle ones
		const burstPolls = all.slice(beforeBurst, all.length - idlePolls);
		const result: PollResult = {
			records,
			first: all[0],
			idleBefore: all.slice(1, beforeBurst),
			burstPolls,
			idleAfter: all.slice(all.length - idlePolls),
			burstMs: burstEnd - placedAt,
			executions: executions.length,
			emitted: counts.size,
			doubled: [...counts.values()].filter((c) => c > 1).length,
			lost: [...placed].filter((id) => !counts.has(id)).length,
			unexpected: [...counts.keys()].filter((id) => !placed.has(id)).length,
			failedExecutions: executions.filter((e) => e.status !== 'success').length,
		};
		log(
			`poll: first ${result.first}, idle before ${result.idleBefore.join(', ')}, burst ${result.burstPolls.join(', ')} requests in ${fmt(result.burstMs / 1000, 1)} s, ` +
				`idle after ${result.idleAfter.join(', ')}; emitted ${result.emitted}, doubled ${result.doubled}, lost ${result.lost}`,
		);
		return result;
	} finally {
		await n8n
			.deactivate(POLL.workflowId)
			.catch((error: Error) => log(`unpublishing the poll trigger failed: ${error.message}`));
	}
}

/** An idle poll must cost at most this many requests (issue 26: a look-back that does not re-read a full window). */
export const IDLE_POLL_MAX_REQUESTS = 2;

export function pollFailures(result: PollResult): string[] {
	const failures: string[] = [];
	const idle = [...result.idleBefore, ...result.idleAfter];
	if (idle.some((n) => n > IDLE_POLL_MAX_REQUESTS))
		failures.push(`poll: an idle poll cost ${Math.max(...idle)} requests (at most ${IDLE_POLL_MAX_REQUESTS})`);
	if (result.idleAfter.length === 0) failures.push('poll: no idle poll after the burst was measured');
	if (result.lost)
		failures.push(`poll: ${result.lost} of ${result.records} new orders not emitted before the wait ran out`);
	if (result.doubled) failures.push(`poll: ${result.doubled} orders emitted more than once`);
	if (result.unexpected) failures.push(`poll: ${result.unexpected} orders emitted that were not new`);
	if (result.failedExecutions) failures.push(`poll: ${result.failedExecutions} executions failed`);
	return failures;
}

export function pollTable(result: PollResult): string {
	const pages = Math.ceil(result.records / 100);
	const burstRequests = result.burstPolls.reduce((a, b) => a + b, 0);
	return [
		table(
			['poll', 'requests', 'note'],
			[
				['on publishing', fmt(result.first), 'sets the cursor to now'],
				[
					'requests per idle poll before the burst',
					result.idleBefore.join(', ') || '–',
					`goal ≤ ${IDLE_POLL_MAX_REQUESTS} each`,
				],
				[
					`finding ${fmt(result.records)} new orders`,
					`${result.burstPolls.join(' + ')} = ${fmt(burstRequests)}`,
					`pages of 100: ${pages}`,
				],
				[
					'requests per idle poll after the burst',
					result.idleAfter.join(', ') || '–',
					`goal ≤ ${IDLE_POLL_MAX_REQUESTS} each (issue 26)`,
				],
			],
		),
		'',
		table(
			[
				'new orders',
				'placed → emitted',
				'executions',
				'emitted exactly once',
				'doubled',
				'not emitted (wait ran out)',
				'not new',
				'failed executions',
			],
			[
				[
					fmt(result.records),
					`${fmt(result.burstMs / 1000, 1)} s`,
					fmt(result.executions),
					`${fmt(result.emitted - result.doubled)} / ${fmt(result.records)}`,
					fmt(result.doubled),
					fmt(result.lost),
					fmt(result.unexpected),
					fmt(result.failedExecutions),
				],
			],
		),
		'',
		`The poll trigger (node v2, New Order, storefront from the credential, every minute) published through n8n's REST API as the editor does. ` +
			`Requests are the sandbox's request log, split into polls at gaps over ${POLL_GAP_MS / 1000} s. The ${fmt(result.records)} orders are placed at once ` +
			`(in storefront de); "placed → emitted" runs from the first placed to the end of the last execution that emitted one, so it includes the wait for the next poll (up to a minute). ` +
			`The trigger emits at most ${DEFAULT_MAX_ITEMS_PER_POLL} records a poll by default (Max Items per Poll), so a burst takes one poll a minute per ${DEFAULT_MAX_ITEMS_PER_POLL}.`,
	].join('\n');
}
