/**
 * The poll trigger in the real n8n: a workflow saved and published as the editor does it (REST), polling
 * every minute, starts one execution per poll that found new orders, each order exactly once; the delay
 * from placing an order to its execution is measured and printed.
 */
import type { RequestLogEntry } from '../../sandbox/core/types';
import { nodeItems, sleep, type ExecutionRecord } from '../lib/n8n';
import { PACKAGE_NAME } from '../lib/runtime';
import { CREDENTIAL_TYPE, EXAMPLE_CREDENTIAL } from '../lib/workflows';
import { connect } from '../setup/state';
import { budget } from '../../test/budget';

const { n8n, sandbox } = connect();
const NODE_NAME = 'New order (polling)';
const POLL_WAIT_MS = 100_000;

let workflowId = '';
const placedAt = new Map<string, number>();
let publishedAtSeq = 0;

/** n8n keeps UTC times without a zone in SQLite. */
const epochOf = (time: string) => Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(time) ? time : `${time.replace(' ', 'T')}Z`);

async function placeOrder(): Promise<string> {
	const { order } = await sandbox.createOrder();
	placedAt.set(order.id_order, Date.now());
	return order.id_order;
}

async function pollRequests(sinceSeq: number): Promise<RequestLogEntry[]> {
	return (await sandbox.requestsSince(sinceSeq)).filter((entry) => entry.path === '/orders/seller/');
}

async function executions(): Promise<ExecutionRecord[]> {
	return (await n8n.executions({ workflowId })).filter((execution) => execution.mode === 'trigger');
}

beforeAll(async () => {
	const created = await n8n.rest<{ id: string }>('POST', '/workflows', {
		name: 'e2e: poll trigger, new orders',
		nodes: [
			{
				id: '0e2e0000-0000-4000-8000-00000000f011',
				name: NODE_NAME,
				type: `${PACKAGE_NAME}.sellerMarketplacePollTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'orderNew', options: {} },
				credentials: { [CREDENTIAL_TYPE]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	if (created.status !== 200)
		throw new Error(`saving the workflow failed: HTTP ${created.status} ${JSON.stringify(created.raw)}`);
	workflowId = created.data.id;
});

afterAll(async () => {
	if (workflowId) await n8n.deactivate(workflowId).catch(() => undefined);
});

test('publishing polls at once and starts from now: the existing orders start nothing', async () => {
	publishedAtSeq = await sandbox.lastSeq();
	await n8n.activate(workflowId);

	const first = await pollRequests(publishedAtSeq);
	expect(first.length).toBeGreaterThanOrEqual(2);
	expect(first[0].query).toEqual({ limit: '1', offset: '0' });
	expect(first[1].query).toEqual(
		expect.objectContaining({ 'ts_created:from': expect.any(String), limit: '30', offset: '0' }),
	);
	expect(first.every((entry) => entry.signatureValid && entry.status === 200)).toBe(true);
	expect(await executions()).toEqual([]);
});

test(
	'an order placed after publishing starts one execution with it, within a poll interval',
	async () => {
		const id = await placeOrder();
		const deadline = Date.now() + POLL_WAIT_MS;
		let found: ExecutionRecord[] = [];
		while (Date.now() < deadline && found.length === 0) {
			await sleep(1000);
			found = (await executions()).filter((execution) => !['new', 'running', 'waiting'].includes(execution.status));
		}
		expect(found).toHaveLength(1);
		expect(found[0].status).toBe('success');
		expect(nodeItems(found[0].runData, NODE_NAME).map((item) => item.id_order)).toEqual([id]);
		const delay = (epochOf(found[0].startedAt) - placedAt.get(id)!) / 1000;
		console.log(
			`Poll trigger in n8n 2.41, one-minute poll: order ${id} placed → execution started after ${delay.toFixed(1)} s`,
		);
		expect(delay).toBeGreaterThan(0);
		expect(delay).toBeLessThan(70);
	},
	budget(150_000),
);

test(
	'orders placed across the next polls are each emitted exactly once, and an idle poll costs one request',
	async () => {
		const before = (await executions()).length;
		const ids = [await placeOrder(), await placeOrder()];
		await sleep(30_000);
		ids.push(await placeOrder());

		const deadline = Date.now() + 2 * POLL_WAIT_MS;
		let emitted: unknown[] = [];
		while (Date.now() < deadline) {
			await sleep(2000);
			const done = (await executions()).filter(
				(execution) => !['new', 'running', 'waiting'].includes(execution.status),
			);
			emitted = done.flatMap((execution) => nodeItems(execution.runData, NODE_NAME).map((item) => item.id_order));
			if (ids.every((id) => emitted.includes(id))) break;
		}
		expect(emitted.slice(1)).toEqual(ids);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect((await executions()).length).toBeGreaterThan(before);

		// n8n saved the cursor with the workflow: the newest emitted order's second (the marketplace's clock).
		const saved = await n8n.rest<{
			staticData?: Record<string, { pollState?: { cursor?: number; seen?: Record<string, string[]> } }>;
		}>('GET', `/workflows/${workflowId}`);
		const state = saved.data.staticData?.[`node:${NODE_NAME}`]?.pollState;
		expect(state?.seen?.[String(state?.cursor)]).toContain(ids[2]);

		const all = await executions();
		const delays = all.flatMap((execution) =>
			nodeItems(execution.runData, NODE_NAME).map(
				(item) => (epochOf(execution.startedAt) - placedAt.get(String(item.id_order))!) / 1000,
			),
		);
		console.log(
			`Poll trigger delays, order placed → execution started (s): ${delays.map((d) => d.toFixed(1)).join(', ')}`,
		);

		// The next poll finds nothing new: one request, no execution.
		const mark = await sandbox.lastSeq();
		const count = all.length;
		await sleep(65_000);
		const idle = await pollRequests(mark);
		console.log(`Requests of the idle polls in the last 65 s: ${idle.length}`);
		expect(idle.length).toBeGreaterThanOrEqual(1);
		expect(idle.length).toBeLessThanOrEqual(2);
		expect(idle.every((entry) => entry.query.limit === '30' && entry.query.offset === '0')).toBe(true);
		expect((await executions()).length).toBe(count);
	},
	budget(330_000),
);
