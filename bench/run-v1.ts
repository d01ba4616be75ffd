/**
 * The API v1 benchmarks (issue 7), run by `npm run bench -- --api v1` (bench/run.ts):
 * `npx ts-node --transpile-only bench/run-v1.ts [--quick] [--runs=5] [--large-runs=3] [--real-bursts=3] [--real-count=200] [--queue-count=1000] [--skip=overhead,paging,trigger,http,real,queue]`
 *
 * 1. Return All of N order units through the node (n8n-core in-process) vs a sequential signed-request peer,
 *    with 25 ms injected latency per page, and in a real n8n against n8n's HTTP Request pagination
 *    (bench/real-n8n-paging.ts); 2. per-request overhead without latency; 3. trigger throughput and
 *    a 1,000-event burst from the sandbox, in-process and through a real n8n (bench/real-n8n-burst.ts: the trigger
 *    side by side with n8n's Webhook node; bench/queue-mode-burst.ts: 1,000 at once in queue mode; both need
 *    `bash e2e/ensure-runtime.sh`); 4. memory per record at 3,000 and 30,000.
 * The sandbox runs in a child process (bench/sandbox-process.ts). Prints a Markdown table at the end.
 */
import './env';

import { fmt, gc, MB, median, table } from './measure';
import { medianOf, nodeReturnAll, peerReturnAll, pingNode, pingPeer, PAGE_SIZE, type Sample } from './paging';
import { PeerClient } from './peer';
import { queueModeBurst, queueModeTable, type QueueModeResult } from './queue-mode-burst';
import { realN8nPaging, realN8nPagingTable, type RealPagingResult } from './real-n8n-paging';
import { realN8nBurst, realN8nTable, runtimeInstalled, type RealN8nResult } from './real-n8n-burst';
import { SandboxProcess } from './sandbox-client';
import { signingMicroseconds } from './signing';
import { closeAgent, directThroughput, sandboxBurst, startHost, type BurstCheck, type DirectResult } from './trigger';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
	const found = args.find((a) => a.startsWith(`--${name}=`));
	return found ? Number(found.split('=')[1]) : fallback;
};
const skip = new Set((args.find((a) => a.startsWith('--skip='))?.split('=')[1] ?? '').split(',').filter(Boolean));

const LATENCY_MS = option('latency', 25);
const RUNS = option('runs', 5);
const LARGE_RUNS = option('large-runs', 3);
const SIZES = flag('quick') ? [3000] : [3000, 30000];
const PINGS = 300;

const log = (line: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);
const started = Date.now();

interface PagingResult {
	n: number;
	pages: number;
	serviceMsPerPage: number;
	peer: ReturnType<typeof medianOf>;
	node: Record<number, ReturnType<typeof medianOf>>;
}

async function paging(sandbox: SandboxProcess, n: number): Promise<PagingResult> {
	const pages = Math.ceil(n / PAGE_SIZE);
	await sandbox.start(n);
	const peer = new PeerClient(sandbox.credentials);
	await sandbox.clearFaults();
	// calibration without latency: what one page costs the sandbox (and a lean client), sequentially
	const service: number[] = [];
	for (let i = 0; i < (n > 10000 ? 1 : 3); i++) service.push((await peerReturnAll(sandbox, peer, n)).ms / pages);
	await sandbox.addFault({ kind: 'latency', latencyMs: LATENCY_MS, path: '/order-units/seller/' });

	const runs = n > 10000 ? LARGE_RUNS : RUNS;
	// at 30,000 the sequential readers take ~30 s a run: fewer runs of them, the concurrent node gets `runs`
	const plan: Array<[string, number]> = [];
	for (let r = 0; r < runs; r++) {
		plan.push(['c4', r]);
		if (n <= 10000 || r < Math.max(1, runs - 1)) plan.push(['peer', r]);
		if (n <= 10000 || r < Math.max(1, runs - 2)) plan.push(['c1', r]);
	}
	const samples: Record<string, Sample[]> = { peer: [], c1: [], c4: [] };
	for (const [what] of plan) {
		const s =
			what === 'peer' ? await peerReturnAll(sandbox, peer, n) : await nodeReturnAll(sandbox, n, what === 'c4' ? 4 : 1);
		samples[what].push(s);
		log(
			`N=${n} ${what}: ${fmt(s.ms)} ms, ${s.requests} requests, retained ${fmt(s.retainedHeap / MB, 1)} MB, peak +${fmt(s.peakHeap / MB, 1)} MB heap`,
		);
	}
	await sandbox.clearFaults();
	peer.close();
	return {
		n,
		pages,
		serviceMsPerPage: median(service),
		peer: medianOf(samples.peer),
		node: { 1: medianOf(samples.c1), 4: medianOf(samples.c4) },
	};
}

interface OverheadResult {
	pingNodeUs: number;
	pingPeerUs: number;
	pageNodeUs: number;
	pagePeerUs: number;
	signUs: number;
	runs: number;
}

async function overhead(sandbox: SandboxProcess): Promise<OverheadResult> {
	const n = 3000;
	const pages = Math.ceil(n / PAGE_SIZE);
	await sandbox.start(n);
	await sandbox.clearFaults();
	const peer = new PeerClient(sandbox.credentials);
	// warm-up: load and compile the node, JIT both paths
	await nodeReturnAll(sandbox, n, 4);
	await pingNode(sandbox, 50);
	await pingPeer(peer, 50);
	await peerReturnAll(sandbox, peer, n);
	const r: Record<string, number[]> = { pingNode: [], pingPeer: [], pageNode: [], pagePeer: [] };
	for (let i = 0; i < RUNS + 2; i++) {
		r.pingNode.push(((await pingNode(sandbox, PINGS)) / PINGS) * 1000);
		r.pingPeer.push(((await pingPeer(peer, PINGS)) / PINGS) * 1000);
		r.pageNode.push(((await nodeReturnAll(sandbox, n, 1)).ms / pages) * 1000);
		r.pagePeer.push(((await peerReturnAll(sandbox, peer, n)).ms / pages) * 1000);
	}
	peer.close();
	const result = {
		pingNodeUs: median(r.pingNode),
		pingPeerUs: median(r.pingPeer),
		pageNodeUs: median(r.pageNode),
		pagePeerUs: median(r.pagePeer),
		signUs: signingMicroseconds(sandbox.credentials),
		runs: RUNS + 2,
	};
	log(
		`overhead: ping node ${fmt(result.pingNodeUs)} µs vs peer ${fmt(result.pingPeerUs)} µs; page node ${fmt(result.pageNodeUs)} µs vs peer ${fmt(result.pagePeerUs)} µs`,
	);
	return result;
}

interface TriggerResult {
	direct: Record<number, DirectResult[]>;
	bursts: BurstCheck[];
}

async function trigger(sandbox: SandboxProcess): Promise<TriggerResult> {
	await sandbox.start(300);
	const host = await startHost(sandbox);
	const orderIds = await sandbox.orderIds(50);
	const result: TriggerResult = { direct: { 1: [], 16: [] }, bursts: [] };
	try {
		await directThroughput(host, sandbox.credentials.secretKey, orderIds, 200, 16); // warm-up
		for (let i = 0; i < 3; i++) {
			for (const concurrency of [1, 16]) {
				const d = await directThroughput(host, sandbox.credentials.secretKey, orderIds, 1000, concurrency);
				result.direct[concurrency].push(d);
				log(
					`trigger direct c=${concurrency}: ${fmt(d.perSecond)}/s, ${d.executions} executions, repeats run ${d.repeatsExecuted}/${d.repeats}`,
				);
			}
			const b = await sandboxBurst(host, sandbox, orderIds, 1000);
			result.bursts.push(b);
			log(
				`trigger burst: ${fmt(b.perSecond)}/s, delivered ${b.delivered}, exactly once ${b.exactlyOnce}, lost ${b.lost}, duplicated ${b.duplicated}`,
			);
		}
	} finally {
		await host.deactivate().catch(() => undefined);
		await host.close();
		closeAgent();
	}
	return result;
}

/** The parts measured in the real n8n: a result, or a sentence saying why there is none; undefined when skipped. */
interface RealParts {
	httpPaging?: RealPagingResult | string;
	real?: RealN8nResult | string;
	queue?: QueueModeResult | string;
}

function report(
	paged: PagingResult[],
	over: OverheadResult | undefined,
	trig: TriggerResult | undefined,
	{ httpPaging, real, queue }: RealParts,
): string {
	const out: string[] = [];
	if (paged.length) {
		out.push(`### Return All of N order units, ${LATENCY_MS} ms latency per request (median of runs)\n`);
		const rows: string[][] = [];
		for (const p of paged) {
			const peerMs = p.peer.ms;
			const line = (label: string, s: ReturnType<typeof medianOf>, concurrency: number) => {
				const ideal = (p.pages / concurrency) * LATENCY_MS;
				const idealService = ideal + p.pages * p.serviceMsPerPage;
				rows.push([
					`${fmt(p.n)}`,
					label,
					`${s.runs}`,
					`${fmt(s.requests)} / ${fmt(p.pages)}`,
					fmt(s.ms),
					`${fmt(ideal)} (${fmt(s.ms / ideal, 2)}×)`,
					`${fmt(idealService)} (${fmt(s.ms / idealService, 2)}×)`,
					`${fmt(peerMs / s.ms, 2)}×`,
					fmt(s.peakHeap / MB, 1),
					fmt(s.peakRss / MB, 1),
					fmt(s.retainedHeap / s.records),
				]);
			};
			line('peer (sequential, node:http)', p.peer, 1);
			line('node, Page Concurrency 1', p.node[1], 1);
			line('node, Page Concurrency 4', p.node[4], 4);
		}
		out.push(
			table(
				[
					'N',
					'reader',
					'runs',
					'requests / min',
					'wall ms',
					'ideal ms (×)',
					'ideal + sandbox service ms (×)',
					'speed-up vs peer',
					'peak heap +MB',
					'peak RSS +MB',
					'retained B/record',
				],
				rows,
			),
		);
		out.push(
			`\nideal = pages ÷ concurrency × ${LATENCY_MS} ms. The sandbox serves one request at a time; "sandbox service" adds pages × its measured cost per page without latency (` +
				paged.map((p) => `${fmt(p.serviceMsPerPage, 2)} ms at ${fmt(p.n)}`).join(', ') +
				`).\n`,
		);
	}

	if (paged.length > 1) {
		const [small, large] = paged;
		const per = (p: PagingResult, f: (s: Sample) => number) => f(p.node[4]) / p.n;
		out.push(`### Memory per record (node, Page Concurrency 4)\n`);
		out.push(
			table(
				['measure', `N = ${fmt(small.n)}`, `N = ${fmt(large.n)}`, 'ratio (1 = linear)'],
				[
					[
						'retained heap B/record (output held)',
						fmt(per(small, (s) => s.retainedHeap)),
						fmt(per(large, (s) => s.retainedHeap)),
						fmt(per(large, (s) => s.retainedHeap) / per(small, (s) => s.retainedHeap), 2),
					],
					[
						'peak heap growth B/record',
						fmt(per(small, (s) => s.peakHeap)),
						fmt(per(large, (s) => s.peakHeap)),
						fmt(per(large, (s) => s.peakHeap) / per(small, (s) => s.peakHeap), 2),
					],
					[
						'peer: retained heap B/record (parsed records only)',
						fmt(small.peer.retainedHeap / small.n),
						fmt(large.peer.retainedHeap / large.n),
						fmt(large.peer.retainedHeap / large.n / (small.peer.retainedHeap / small.n), 2),
					],
				],
			),
		);
		out.push('');
	}

	if (over) {
		out.push(`### Per-request overhead, no latency (median of ${over.runs} runs, sequential)\n`);
		out.push(
			table(
				['request', 'node µs/request', 'bare signed node:http µs/request', 'difference µs', 'goal'],
				[
					[
						`ping ×${PINGS} (one item each)`,
						fmt(over.pingNodeUs),
						fmt(over.pingPeerUs),
						fmt(over.pingNodeUs - over.pingPeerUs),
						over.pingNodeUs - over.pingPeerUs < 1000 ? '< 1 ms ✓' : '< 1 ms ✗',
					],
					[
						`page of 30 order units (Return All, concurrency 1)`,
						fmt(over.pageNodeUs),
						fmt(over.pagePeerUs),
						fmt(over.pageNodeUs - over.pagePeerUs),
						over.pageNodeUs - over.pagePeerUs < 1000 ? '< 1 ms ✓' : '< 1 ms ✗',
					],
					['of which the package signs (signRequestOptions: URL + HMAC)', fmt(over.signUs, 1), '', '', ''],
				],
			),
		);
		out.push('');
	}

	if (trig) {
		out.push(`### Trigger, in-process webhook host (n8n-core WebhookContext; parse, verify, de-duplicate)\n`);
		const rows2: string[][] = [];
		for (const [concurrency, list] of Object.entries(trig.direct)) {
			if (!list.length) continue;
			rows2.push([
				`1,000 signed POSTs, ${concurrency} in flight (×${list.length})`,
				fmt(median(list.map((d) => d.perSecond))),
				`${fmt(median(list.map((d) => d.exactlyOnce)))} / ${fmt(list[0].unique)}`,
				`${fmt(Math.max(...list.map((d) => d.repeatsExecuted)))} of ${list[0].repeats} repeats started a run; ${fmt(Math.max(...list.map((d) => d.non200)))} non-200`,
			]);
		}
		if (trig.bursts.length) {
			const b = trig.bursts;
			rows2.push([
				`sandbox burst: 1,000 events at once (×${b.length})`,
				fmt(median(b.map((x) => x.perSecond))),
				`${fmt(Math.min(...b.map((x) => x.exactlyOnce)))} / 1,000 (worst run)`,
				`lost ${Math.max(...b.map((x) => x.lost))}, duplicated ${Math.max(...b.map((x) => x.duplicated))}, delivered ok ${Math.min(...b.map((x) => x.delivered))} (worst run)`,
			]);
		}
		out.push(table(['load', 'notifications/s (median)', 'executed exactly once', 'notes'], rows2));
		out.push('');
	}

	if (httpPaging) {
		out.push(`### Return All in a real n8n: the node vs n8n's HTTP Request pagination\n`);
		out.push(typeof httpPaging === 'string' ? httpPaging : realN8nPagingTable(httpPaging));
		out.push('');
	}
	if (real) {
		out.push(
			`### Trigger vs n8n's Webhook node in a real n8n: bursts of ${typeof real === 'string' ? 'notifications' : `${real.count.toLocaleString('en-US')} notifications`} from the sandbox\n`,
		);
		out.push(typeof real === 'string' ? real : realN8nTable(real));
		out.push('');
	}
	if (queue) {
		out.push(
			`### The trigger in n8n's queue mode: ${typeof queue === 'string' ? 'a burst' : `${queue.burst.sent.toLocaleString('en-US')} notifications at once`}\n`,
		);
		out.push(typeof queue === 'string' ? queue : queueModeTable(queue));
		out.push('');
	}
	return out.join('\n');
}

async function main() {
	const sandbox = new SandboxProcess();
	let over: OverheadResult | undefined;
	let trig: TriggerResult | undefined;
	const paged: PagingResult[] = [];
	try {
		if (!skip.has('overhead')) over = await overhead(sandbox);
		if (!skip.has('paging')) for (const n of SIZES) paged.push(await paging(sandbox, n));
		gc();
		if (!skip.has('trigger')) trig = await trigger(sandbox);
	} finally {
		await sandbox.close();
	}
	const httpPaging = skip.has('http')
		? undefined
		: await realN8nPart('HTTP Request pagination', () =>
				realN8nPaging({ runs: RUNS, latencyMs: LATENCY_MS, log: (line) => log(`http paging: ${line}`) }),
			);
	// 200 at once is about what n8n 2.41 on SQLite answers within the marketplace's 15 s on 2 CPUs
	const real = skip.has('real')
		? undefined
		: await realN8nPart('real n8n', () =>
				realN8nBurst({
					bursts: option('real-bursts', 3),
					count: option('real-count', 200),
					log: (line) => log(`real n8n: ${line}`),
				}),
			);
	const queue = skip.has('queue')
		? undefined
		: await realN8nPart('queue mode', () =>
				queueModeBurst({ count: option('queue-count', 1000), log: (line) => log(`queue mode: ${line}`) }),
			);
	log('done');
	console.log(
		`\n## Benchmark results (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${require('node:os').cpus().length} CPUs)\n`,
	);
	console.log(report(paged, over, trig, { httpPaging, real, queue }));
}

/** A part that needs the pinned n8n runtime: its result, or a sentence saying why there is none. */
async function realN8nPart<T>(name: string, measure: () => Promise<T>): Promise<T | string> {
	if (!runtimeInstalled()) {
		const why = 'Skipped: the pinned n8n runtime is not installed (`bash e2e/ensure-runtime.sh`, 3-5 minutes once).';
		log(`${name} skipped: ${why}`);
		return why;
	}
	try {
		return await measure();
	} catch (error) {
		log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
		return `Failed: ${(error as Error).message.split('\n')[0]}`;
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
