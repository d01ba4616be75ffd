/**
 * Issue 31 item 5 in the real n8n: a seller's week of new orders through the version 2 push trigger, with what
 * n8n decides running as in production (activation, its webhook server, two restarts, the workflow's static
 * data, the subscription watch's timer). An n8n of its own and a sandbox of its own, whose clock the test moves
 * on (a 13-hour outage and the days of the week pass in seconds; the marketplace's retries fall due on the way).
 *
 * The week: a burst of 100 orders (on a busy machine n8n answers part of it after the marketplace's 5 s, which
 * then retries: time moves on a minute at a time until every order ran); every tenth notification delivered
 * again (a retry whose answer was lost), at once and days later; the subscription switched off while n8n runs (the
 * watch repairs it and delivers the gap); 30 orders while n8n is stopped (restart 1, the marketplace's retries
 * deliver them); restart 2; then quiet days. The ledger: each order reached the workflow exactly once.
 *
 * Not here, because it does not hold: n8n 2.41 does not run a webhook trigger's activation (checkExists) when it
 * restarts with the workflow published (the webhook stays registered in its database), so the watch starts again
 * only at the next publishing; a subscription switched off while n8n was down is not repaired by the restart
 * (README "Limits").
 *
 * What only the poll schedule decides (polls faster than n8n's one-minute minimum) runs through n8n-core in
 * test/reliability/seller-week.test.ts.
 */
import { mkdirSync, rmSync } from 'fs';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import type { NotificationDelivery } from '../../sandbox/core/types';
import { budget } from '../../test/budget';
import { N8n, nodeItems, sleep, type ExecutionRecord } from '../lib/n8n';
import { installTarball } from '../lib/package';
import { freePort, runtimePaths } from '../lib/runtime';
import { readState } from '../setup/state';
import { v2Credential, watchedOrderTrigger } from '../workflows-v2';

const state = readState();
const WORKFLOW_ID = 'e2eSellerWeek001';
const WEBHOOK_ID = '5e11e400-0de4-4c1e-9a5e-00000000d31c';
const TRIGGER = 'New order (a week)';
const HOUR = 3600;

let sandbox: Sandbox;
let n8n: N8n;
/** every order placed, in order: the ledger's expectation */
const placed: string[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
	const userFolder = join(state.userFolder, 'seller-week');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	await installTarball(userFolder, state.tarball);
	// one port through the restarts: the callback URL the marketplace knows stays the same
	n8n = new N8n({ runtime: runtimePaths(state.runtimeDir), userFolder, owner: state.owner, port: await freePort() });
	await n8n.importCredentials([v2Credential(sandbox)]);
	await n8n.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: "e2e: a seller's week of new orders",
			nodes: [watchedOrderTrigger(TRIGGER, '0e2e0000-0000-4000-8000-00000000d31c', WEBHOOK_ID)],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
	]);
	await n8n.publish(WORKFLOW_ID);
	await n8n.start({ published: [WORKFLOW_ID] });
}, budget(240_000));

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
}, budget(60_000));

const callbackUrl = () => n8n.webhookUrl(`${WEBHOOK_ID}/webhook`);
const mine = () => sandbox.control.db.subscriptions.filter((s) => s.callback_url === callbackUrl());

async function placeOrders(count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) ids.push((await sandbox.control.createOrder({ storefront: 'de' })).order.id_order);
	placed.push(...ids);
	return ids;
}

async function runs(): Promise<ExecutionRecord[]> {
	return await n8n.executions({ workflowId: WORKFLOW_ID });
}

/** Order ids of every execution so far (one entry per execution). */
async function ledger(): Promise<string[]> {
	return (await runs()).map((execution) => String(nodeItems(execution.runData, TRIGGER)[0]?.id_order));
}

/** Waits until each of `ids` has an execution, moving the sandbox's clock on a minute at a time (its retries). */
async function untilRan(ids: string[], { advanceSeconds = 0, timeoutMs = budget(120_000) } = {}): Promise<string[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const ran = new Set(await ledger());
		if (ids.every((id) => ran.has(id)) || Date.now() > deadline) return [...ran];
		if (advanceSeconds) await sandbox.control.advance(advanceSeconds);
		else await sandbox.control.flushNotifications();
		await sleep(500);
	}
}

/** Posts a notification again exactly as the marketplace sent it (signed, same id_message). */
async function deliverAgain(delivery: NotificationDelivery): Promise<number> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(delivery.requestHeaders))
		if (!['host', 'content-length', 'connection'].includes(name.toLowerCase())) headers[name] = value;
	const response = await fetch(delivery.url, { method: 'POST', headers, body: delivery.requestBody });
	return response.status;
}

const delivered = () =>
	sandbox.control.deliveries().filter((d) => d.kind === 'event' && d.ok && d.url === callbackUrl());

function expectEachOnce(ids: string[], all: string[]): void {
	const counts = new Map<string, number>();
	for (const id of all) counts.set(id, (counts.get(id) ?? 0) + 1);
	expect(ids.filter((id) => counts.get(id) !== 1).map((id) => [id, counts.get(id) ?? 0])).toEqual([]);
}

test(
	"a seller's week: every order reaches the workflow exactly once",
	async () => {
		expect(mine().map((s) => [s.event_name, s.is_active])).toEqual([['order_new', true]]);

		// Monday: a burst of 100 new orders
		const burst = await placeOrders(100);
		expectEachOnce(burst, await untilRan(burst, { advanceSeconds: 60, timeoutMs: budget(300_000) }));

		// every tenth notification again, as a retry after a lost answer: answered, never run again
		const again = delivered().filter((_, index) => index % 10 === 0);
		expect((await Promise.all(again.map(deliverAgain))).every((status) => status === 200)).toBe(true);

		// the marketplace switches the subscription off (as after 13 hours of failed deliveries) while n8n runs: the
		// watch (every minute) switches it back on and delivers the orders of the gap, each once, recovered
		for (const subscription of mine()) subscription.is_active = false;
		const whileOff = await placeOrders(3);
		await sandbox.control.flushNotifications();
		expectEachOnce(whileOff, await untilRan(whileOff, { timeoutMs: budget(150_000) }));
		expect(mine().map((s) => s.is_active)).toEqual([true]);

		// restart 1: 30 orders while n8n is stopped; the marketplace's retries reach it after the start
		await n8n.stop();
		const whileStopped = await placeOrders(30);
		await sandbox.control.advance(120);
		await n8n.start({ published: [WORKFLOW_ID] });
		expectEachOnce(whileStopped, await untilRan(whileStopped, { advanceSeconds: 300 }));

		// restart 2, then a few hours without orders
		await n8n.stop();
		await sandbox.control.advance(3 * HOUR);
		await n8n.start({ published: [WORKFLOW_ID] });

		// the rest of the week: a few orders a day, and old notifications delivered late
		for (let day = 0; day < 5; day++) {
			await sandbox.control.advance(24 * HOUR);
			const today = await placeOrders(8);
			expectEachOnce(today, await untilRan(today, { advanceSeconds: 60 }));
			expect((await Promise.all(again.slice(day, day + 4).map(deliverAgain))).every((s) => s === 200)).toBe(true);
		}

		// the ledger: every order once, nothing else
		await sleep(2_000);
		const all = await ledger();
		expectEachOnce(placed, all);
		expect(all.length).toBe(placed.length);
		const executions = await runs();
		expect(executions.filter((e) => e.status !== 'success').map((e) => [e.id, e.status])).toEqual([]);
		const recovered = executions
			.map((execution) => nodeItems(execution.runData, TRIGGER)[0])
			.filter((item) => item?.recovered === true)
			.map((item) => String(item.id_order));
		// what the marketplace never delivered came by recovery; the rest was pushed
		expect(recovered.filter((id) => !whileOff.includes(id))).toEqual([]);
		process.stderr.write(
			`[seller-week] ${placed.length} orders, ${all.length} executions, ${recovered.length} recovered, ` +
				`${again.length} notifications delivered again (at once and late), 2 restarts\n`,
		);
	},
	budget(900_000),
);
