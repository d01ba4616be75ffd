/**
 * Items 1, 2 and 4: Return All of the order units through the node (n8n-core in-process) against the
 * sequential peer, request overhead without latency, and memory per record.
 */
import type { SellerCredentials } from '../test/harness/workflow';
import { gc, measure, median, type Measured } from './measure';
import { PeerClient } from './peer';
import type { SandboxProcess } from './sandbox-client';
import { runNode, type NodeRun } from './workflow';

export const PAGE_SIZE = 30;
export const ROUTE = 'GET /order-units/seller/';
const LIST_PATH = '/order-units/seller/';
/** what the node sends by default (its Sort field defaults to newest first) */
const LIST_QUERY = 'sort=ts_created%3Adesc';

export const returnAllParameters = (concurrency: number) => ({
	resource: 'orderUnit',
	operation: 'getMany',
	returnAll: true,
	requestOptions: { pageConcurrency: concurrency },
});

export interface Sample {
	ms: number;
	nodeMs?: number;
	requests: number;
	records: number;
	retainedHeap: number;
	peakHeap: number;
	peakRss: number;
}

async function checked(sandbox: SandboxProcess, expected: number, records: number, what: string): Promise<number> {
	const log = await sandbox.requests(ROUTE);
	if (log.unsigned || log.notOk) throw new Error(`${what}: ${log.unsigned} unsigned and ${log.notOk} failed requests`);
	if (records !== expected) throw new Error(`${what}: ${records} records, expected ${expected}`);
	return log.count;
}

function sample(m: Measured<unknown>, requests: number, records: number, nodeMs?: number): Sample {
	return {
		ms: m.ms,
		nodeMs,
		requests,
		records,
		retainedHeap: m.retainedHeap,
		peakHeap: m.peakHeap - m.baseHeap,
		peakRss: m.peakRss - m.baseRss,
	};
}

export async function nodeReturnAll(sandbox: SandboxProcess, n: number, concurrency: number): Promise<Sample> {
	await sandbox.clearRequests();
	const credentials: SellerCredentials = sandbox.credentials;
	let m: Measured<NodeRun> | undefined = await measure(() => runNode(credentials, returnAllParameters(concurrency)));
	const ids = new Set(m.result.items.map((item) => item.json.id_order_unit));
	const requests = await checked(sandbox, n, ids.size, `node c=${concurrency}`);
	const result = sample(m, requests, m.result.items.length, m.result.nodeMs);
	m = undefined;
	gc();
	return result;
}

export async function peerReturnAll(sandbox: SandboxProcess, peer: PeerClient, n: number): Promise<Sample> {
	await sandbox.clearRequests();
	let m: Measured<{ records: unknown[]; requests: number }> | undefined = await measure(() =>
		peer.readAll(LIST_PATH, LIST_QUERY, PAGE_SIZE),
	);
	const ids = new Set(m.result.records.map((record) => (record as { id_order_unit: number }).id_order_unit));
	const requests = await checked(sandbox, n, ids.size, 'peer');
	const result = sample(m, requests, m.result.records.length);
	m = undefined;
	gc();
	return result;
}

/** Median of each field over the samples. */
export function medianOf(samples: Sample[]): Sample & { runs: number } {
	const pick = (f: (s: Sample) => number | undefined) =>
		median(samples.map(f).filter((v): v is number => v !== undefined));
	return {
		runs: samples.length,
		ms: pick((s) => s.ms),
		nodeMs: pick((s) => s.nodeMs),
		requests: pick((s) => s.requests),
		records: pick((s) => s.records),
		retainedHeap: pick((s) => s.retainedHeap),
		peakHeap: pick((s) => s.peakHeap),
		peakRss: pick((s) => s.peakRss),
	};
}

/** Item 2: `count` pings through the node (one per input item, one workflow) and through the peer. */
export async function pingNode(sandbox: SandboxProcess, count: number): Promise<number> {
	const run = await runNode(sandbox.credentials, { resource: 'status', operation: 'ping' }, count);
	if (run.items.length !== count) throw new Error(`ping: ${run.items.length} items, expected ${count}`);
	return run.nodeMs;
}

export async function pingPeer(peer: PeerClient, count: number): Promise<number> {
	peer.fresh();
	const start = process.hrtime.bigint();
	for (let i = 0; i < count; i++) {
		const response = await peer.get('/status/ping/');
		if (response.status !== 200) throw new Error(`peer ping answered ${response.status}`);
	}
	return Number(process.hrtime.bigint() - start) / 1e6;
}
