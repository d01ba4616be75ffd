/**
 * Return All on API v2 in a real n8n, interleaved with what a user builds without the package: n8n's HTTP Request
 * node with pagination (offset + limit, stopping at a short page), signed by the same credential. Each round runs
 * the package's node (A) and the HTTP Request node (B) once per N, A then B, against the same order units with a
 * latency fault on every page. Per run: the node's execution time (n8n's own, from the run), the requests the
 * sandbox saw and its own service time (answered − received − latency, from its request log), the items output,
 * how much the n8n server's resident memory grew (/proc, sampled every 100 ms) above what it held before, and the
 * CPU time n8n's processes used from the POST until its answer (the whole execution: the per-page cost, robust to a
 * busy machine where times are not).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

import type { OrderUnit } from '../sandbox';
import type { NodeRun } from '../e2e/lib/n8n';
import { fmt, fmtSpread, MB, median, spread, table } from './measure';
import { DOCUMENTED_LIMIT_PER_SECOND } from '../nodes/api/v2/rateLimit';
import { keepOrderUnits, PAGING, V2_PAGE_SIZE, type V2Bench } from './v2-environment';

/** the node's default Page Concurrency */
export const NODE_CONCURRENCY = 4;
const ROUTE = 'GetOrderUnits';

type Reader = keyof typeof PAGING;

export interface PagingRun {
	reader: Reader;
	n: number;
	round: number;
	/** the node's execution time, from n8n's run data */
	ms: number;
	items: number;
	requests: number;
	notOk: number;
	unsigned: number;
	/** the sandbox's own time for all requests of the run, without the injected latency */
	serviceMs: number;
	/** peak resident memory of n8n's processes during the run, above the value before it */
	rssGrowth: number;
	/** CPU ms of n8n's processes (server and task runner) from the POST that started the run until its answer */
	n8nCpuMs: number;
	error?: string;
}

export interface PagingResult {
	sizes: number[];
	latencyMs: number;
	runs: PagingRun[];
}

/** The process `pid` and its descendants (one scan of /proc: done before a run, not while the sandbox serves). */
function processTree(pid: number): number[] {
	const parents = new Map<number, number>();
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			parents.set(Number(name), Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]));
		} catch {
			// gone in between
		}
	}
	const tree: number[] = [];
	const pending = [pid];
	while (pending.length) {
		const current = pending.pop()!;
		tree.push(current);
		for (const [child, parent] of parents) if (parent === current) pending.push(child);
	}
	return tree;
}

/** Resident memory (bytes) of these processes. */
function rss(pids: number[]): number {
	let total = 0;
	for (const pid of pids) {
		try {
			total += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
		} catch {
			// gone in between
		}
	}
	return total;
}

export const idealRequests = (reader: Reader, n: number) =>
	reader === 'node' ? Math.max(1, Math.ceil(n / V2_PAGE_SIZE)) : Math.floor(n / V2_PAGE_SIZE) + 1;
/**
 * The first page tells the total; the node then keeps NODE_CONCURRENCY pages in flight, but starts its requests at
 * most 111 a second (the API's limit, paced: nodes/api/v2/rateLimit.ts), so with many short pages the pace, not the
 * latency, is its floor: 100 pages take at least 99 × 1/111 s + one latency.
 */
export const idealMs = (reader: Reader, n: number, latencyMs: number) => {
	if (reader === 'http') return latencyMs * idealRequests('http', n);
	const pages = idealRequests('node', n);
	const latencyBound = latencyMs * (1 + Math.ceil((pages - 1) / NODE_CONCURRENCY));
	const paceBound = ((pages - 1) * 1000) / DOCUMENTED_LIMIT_PER_SECOND + latencyMs;
	return Math.max(latencyBound, paceBound);
};
const concurrencyOf = (reader: Reader) => (reader === 'node' ? NODE_CONCURRENCY : 1);

/** POST {} on a connection of its own (no kept-alive socket n8n may have closed meanwhile); the status once answered. */
function post(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const request = http.request(
			url,
			{ method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': 2 } },
			(response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			},
		);
		request.on('error', reject);
		request.end('{}');
	});
}

async function runOnce(
	bench: V2Bench,
	reader: Reader,
	n: number,
	round: number,
	latencyMs: number,
	afterId: number,
): Promise<{ run: PagingRun; lastId: number }> {
	const { n8n, sandbox } = bench;
	sandbox.control.clearRequests();
	const pids = processTree(n8n.pid!);
	const before = rss(pids);
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, rss(pids))), 100);
	const cpuBefore = n8n.cpuMs();
	let status: number;
	let n8nCpuMs: number;
	try {
		status = await post(n8n.webhookUrl(PAGING[reader].path));
	} finally {
		n8nCpuMs = n8n.cpuMs() - cpuBefore;
		clearInterval(sampler);
	}
	peak = Math.max(peak, rss(pids));
	const [execution] = await n8n.executions({ afterId, workflowId: PAGING[reader].workflowId });
	const nodeRuns = PAGING[reader].nodeNames.map(
		(name) => execution?.runData[name]?.[0] as (NodeRun & { executionTime?: number }) | undefined,
	);
	const output = nodeRuns.at(-1);
	const log = sandbox.control.requests().filter((entry) => entry.operationId === ROUTE);
	const run: PagingRun = {
		reader,
		n,
		round,
		ms: nodeRuns.reduce((sum, run) => sum + (run?.executionTime ?? NaN), 0),
		items: output?.data?.main?.[0]?.length ?? 0,
		requests: log.length,
		notOk: log.filter((entry) => entry.status !== 200).length,
		unsigned: log.filter((entry) => !entry.signatureValid).length,
		serviceMs: log.reduce(
			(sum, entry) => sum + Math.max(0, (entry.answeredMs ?? entry.receivedMs) - entry.receivedMs - latencyMs),
			0,
		),
		rssGrowth: peak - before,
		n8nCpuMs,
	};
	if (status !== 200 || execution?.status !== 'success') {
		run.error = `HTTP ${status}, execution ${execution?.status ?? 'missing'}${execution?.error?.message ? `: ${execution.error.message}` : ''}`;
	} else if (run.items !== n) run.error = `${run.items} items output, ${n} expected`;
	else if (run.notOk || run.unsigned) run.error = `${run.notOk} requests not answered 200, ${run.unsigned} not signed`;
	return { run, lastId: execution?.id ?? afterId };
}

export async function v2Paging(
	bench: V2Bench,
	{
		sizes,
		rounds,
		latencyMs,
		log,
	}: { sizes: number[]; rounds: number; latencyMs: number; log: (line: string) => void },
): Promise<PagingResult> {
	const { sandbox } = bench;
	// every size is cut from the same units, newest kept
	const pool: OrderUnit[] = [...sandbox.control.db.orderUnits];
	const fault = sandbox.control.addFault({ kind: 'latency', latencyMs, path: '/v2/order-units' });
	let lastId = await bench.n8n.lastExecutionId();
	const runs: PagingRun[] = [];
	try {
		// a warm-up of each reader (loads the node types, compiles the expression and the pages' code paths)
		sandbox.control.db.orderUnits.splice(0, Infinity, ...pool);
		keepOrderUnits(sandbox, Math.min(...sizes));
		for (const reader of ['node', 'http'] as const)
			lastId = (await runOnce(bench, reader, Math.min(...sizes), 0, latencyMs, lastId)).lastId;
		for (let round = 1; round <= rounds; round++) {
			for (const n of sizes) {
				sandbox.control.db.orderUnits.splice(0, Infinity, ...pool);
				keepOrderUnits(sandbox, n);
				for (const reader of ['node', 'http'] as const) {
					const result = await runOnce(bench, reader, n, round, latencyMs, lastId);
					lastId = result.lastId;
					runs.push(result.run);
					const r = result.run;
					log(
						`round ${round}, N=${fmt(n)}, ${reader}: ${fmt(r.ms)} ms, ${fmt(r.items)} items, ${r.requests} requests (ideal ${idealRequests(reader, n)}), ` +
							`sandbox ${fmt(r.serviceMs)} ms, n8n CPU ${fmt(r.n8nCpuMs)} ms, n8n +${fmt(r.rssGrowth / MB, 1)} MB${r.error ? ` FAIL: ${r.error}` : ''}`,
					);
				}
			}
		}
	} finally {
		sandbox.control.removeFault(fault);
		sandbox.control.db.orderUnits.splice(0, Infinity, ...pool);
	}
	return { sizes, latencyMs, runs };
}

/** The failures of the part, one line each (empty: passed). */
export function pagingFailures(result: PagingResult): string[] {
	return result.runs
		.filter((r) => r.error)
		.map((r) => `paging round ${r.round}, N=${fmt(r.n)}, ${r.reader}: ${r.error}`);
}

export function pagingTable(result: PagingResult): string {
	const rows: string[][] = [];
	const ratioRows: string[][] = [];
	for (const n of result.sizes) {
		const of = (reader: Reader) => result.runs.filter((r) => r.n === n && r.reader === reader);
		const rounds = [...new Set(result.runs.filter((r) => r.n === n).map((r) => r.round))];
		const pair = (round: number) => ({
			a: of('node').find((r) => r.round === round),
			b: of('http').find((r) => r.round === round),
		});
		for (const reader of ['node', 'http'] as const) {
			const list = of(reader);
			const ideal = idealMs(reader, n, result.latencyMs);
			const bound = (r: PagingRun) => ideal + r.serviceMs / concurrencyOf(reader);
			rows.push([
				fmt(n),
				reader === 'node'
					? `the package, Return All (Page Concurrency ${NODE_CONCURRENCY})`
					: "n8n's HTTP Request, pagination",
				`${fmt(Math.max(...list.map((r) => r.requests)))} / ${fmt(idealRequests(reader, n))}`,
				fmtSpread(spread(list.map((r) => r.ms)), 0, ' ms'),
				fmt(ideal),
				fmtSpread(spread(list.map((r) => r.ms / bound(r))), 2),
				fmt(median(list.map((r) => r.serviceMs / r.requests)), 1),
				fmtSpread(spread(list.map((r) => r.n8nCpuMs / r.requests)), 1, ' ms'),
				fmtSpread(spread(list.map((r) => r.rssGrowth / MB)), 0, ' MB'),
				list.every((r) => !r.error) ? 'ok' : `**FAIL** (${list.filter((r) => r.error).length})`,
			]);
		}
		const ratios = rounds.map(pair).filter(({ a, b }) => a && b && !a.error && !b.error);
		ratioRows.push([
			fmt(n),
			ratios.map(({ a, b }) => fmt(b!.ms / a!.ms, 2)).join(', '),
			fmtSpread(spread(ratios.map(({ a, b }) => b!.ms / a!.ms))),
			fmtSpread(spread(ratios.map(({ a, b }) => a!.rssGrowth / Math.max(1, b!.rssGrowth))), 2),
		]);
	}
	return [
		table(
			[
				'N',
				'reader',
				'requests / ideal',
				'node time, median (min–max)',
				'ideal ms',
				'time ÷ (ideal + sandbox service)',
				'sandbox ms per request',
				'n8n CPU per request',
				'n8n memory growth',
				'runs',
			],
			rows,
		),
		'',
		table(
			['N', 'HTTP Request ÷ package, per round', 'speed-up, median (min–max)', 'memory growth package ÷ HTTP Request'],
			ratioRows,
		),
		'',
		`Each round runs the package's Get Many order units (Return All, node v2 defaults) and then n8n's HTTP Request node followed by a Split Out of \`data\` ` +
			`(the HTTP Request node outputs one item per page; its time is both nodes'), ` +
			`each started by a POST to its workflow's Webhook, against the same N order units of storefront de with a ${result.latencyMs} ms latency fault on every page. ` +
			`Time is the reading node's execution time from n8n's run data (n8n's webhook and saving the execution are not counted). ` +
			`ideal: the package reads the first page, then ${NODE_CONCURRENCY} at a time (latency × (1 + ⌈(pages − 1) ÷ ${NODE_CONCURRENCY}⌉)), ` +
			`but starts at most ${DOCUMENTED_LIMIT_PER_SECOND} requests a second (the API's limit, paced), so at least (pages − 1) ÷ ${DOCUMENTED_LIMIT_PER_SECOND} s + latency; the HTTP Request node reads ` +
			`one page after the other, and one more to see a short page. Sandbox service: its own time per request without the latency (request log), ` +
			`divided by the concurrency. n8n CPU: the CPU time of n8n's processes (server and task runner, /proc) from the POST until n8n answered it ` +
			`(the whole execution, both nodes for the HTTP Request node), per request. Memory: peak resident memory of n8n's processes (sampled every 100 ms) during the run minus before it.`,
	].join('\n');
}
