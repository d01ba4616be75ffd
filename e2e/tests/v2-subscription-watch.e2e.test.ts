/**
 * Issue 31 item 2 in the real n8n: the version 2 push trigger, published with *Check Subscriptions Every* 1 minute,
 * notices that its subscription was switched off, switches it back on and delivers the orders placed meanwhile,
 * each once and marked recovered, through n8n's own webhook; a new order afterwards is pushed as usual. What n8n
 * decides runs as in production: activation starts the watch, its loop runs in n8n's process, the recovered
 * notifications come in through n8n's webhook server and start executions there.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { Subscription } from '../../sandbox/core/types';
import { computeSignature } from '../../nodes/api/core/signature';
import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { budget } from '../../test/budget';
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';
import { watchedOrderTrigger } from '../workflows-v2';

const { state, n8n, sandbox } = connect();
const WEBHOOK_ID = '5e11e400-0de4-4c1e-9a5e-00000000a7c5';
const TRIGGER_NAME = 'New order (watched)';
const callbackUrl = n8n.webhookUrl(`${WEBHOOK_ID}/webhook`);
let workflowId = '';

/** Switches a subscription off as the seller (or the marketplace) would: a signed PATCH of API v2. */
async function switchOff(id: number): Promise<void> {
	const url = `${new URL(state.sandbox.baseUrl).origin}/v2/subscriptions/${id}`;
	const body = JSON.stringify({ is_active: false });
	const timestamp = Math.floor(Date.now() / 1000);
	const response = await fetch(url, {
		method: 'PATCH',
		body,
		headers: {
			'Content-Type': 'application/json',
			Accept: 'application/json',
			'User-Agent': DEFAULT_USER_AGENT,
			'Shop-Client-Key': state.sandbox.clientKey,
			'Shop-Timestamp': String(timestamp),
			'Shop-Signature': computeSignature(state.sandbox.secretKey, 'PATCH', url, body, timestamp),
		},
	});
	if (!response.ok) throw new Error(`switching subscription ${id} off failed: HTTP ${response.status}`);
}

const mine = async () =>
	(await sandbox.state<Subscription>('subscriptions')).filter(
		(subscription) => subscription.callback_url === callbackUrl,
	);

beforeAll(async () => {
	const created = await n8n.rest<{ id: string }>('POST', '/workflows', {
		name: 'e2e: v2 push trigger with the subscription watch',
		nodes: [watchedOrderTrigger(TRIGGER_NAME, '0e2e0000-0000-4000-8000-00000000a7c5', WEBHOOK_ID)],
		connections: {},
		settings: { executionOrder: 'v1' },
		...(n8n.isN8n1 ? { active: false } : {}),
	});
	if (created.status !== 200)
		throw new Error(`saving the workflow failed: HTTP ${created.status} ${JSON.stringify(created.raw)}`);
	workflowId = created.data.id;
});

afterAll(async () => {
	if (workflowId) await n8n.deactivate(workflowId).catch(() => undefined);
});

// One check a minute, plus the loop's 5-second steps and the deliveries: the wait follows the interval chosen.
const WATCH_WAIT_MS = budget(60_000 + 5_000 + 30_000);

test(
	'a switched-off subscription is switched back on within a check, and the orders meanwhile run once, recovered',
	async () => {
		await n8n.activate(workflowId);
		const [subscription] = await mine();
		expect(subscription).toMatchObject({ event_name: 'order_new', is_active: true });
		const afterId = await n8n.lastExecutionId();

		await switchOff(subscription.id_subscription);
		const placed = [
			(await sandbox.createOrder({ storefront: 'de' })).order.id_order,
			(await sandbox.createOrder({ storefront: 'de' })).order.id_order,
		];
		await sandbox.flush();
		expect(await n8n.executions({ workflowId, afterId })).toEqual([]);

		const recovered = await n8n.waitForExecutions(workflowId, { afterId, count: 2, timeoutMs: WATCH_WAIT_MS });
		expect((await mine()).map((s) => s.is_active)).toEqual([true]);
		const items = recovered.map((execution) => nodeItems(execution.runData, TRIGGER_NAME)[0]);
		expect(items.map((item) => item.id_order).sort()).toEqual([...placed].sort());
		expect(items.every((item) => item.recovered === true && item.verified_by === 'signature')).toBe(true);
		// n8n's log says what was repaired and what was delivered.
		const log = readFileSync(join(state.userFolder, 'n8n.log'), 'utf8');
		expect(log).toContain(
			`Seller Marketplace Trigger: subscription ${subscription.id_subscription} ("order_new") was switched off (the marketplace does so after about 12 hours of failed deliveries): repaired (is_active).`,
		);
		expect(log).toContain('Seller Marketplace Trigger: recovery read order_new: 2 notifications delivered');

		// Pushed again as usual: a new order runs once, not recovered.
		const lastId = recovered
			.map((execution) => execution.id)
			.sort((a, b) => a - b)
			.at(-1)!;
		const { order } = await sandbox.createOrder({ storefront: 'de' });
		const [pushed] = await n8n.waitForExecutions(workflowId, { afterId: lastId });
		expect(nodeItems(pushed.runData, TRIGGER_NAME)[0]).toMatchObject({ id_order: order.id_order, recovered: false });
		const all = (await n8n.executions({ workflowId, afterId })).map(
			(execution) => nodeItems(execution.runData, TRIGGER_NAME)[0]?.id_order,
		);
		expect(all.length).toBe(new Set(all).size);
	},
	WATCH_WAIT_MS * 2,
);
