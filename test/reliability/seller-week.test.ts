/**
 * Issue 31 item 5: a seller's week, as a test. One time-scaled sandbox (an hour a second, `advance` jumps
 * further) and both triggers of node version 2 published on it: the push trigger (New Order) behind a switchable
 * public address (test/harness/outage-proxy.ts), played by n8n-core's real hook and webhook contexts; the poll
 * trigger (New Order, and Order Unit Reached Status "need to be sent") by n8n-core's PollTriggerExecutor, polling
 * every 5 minutes of sandbox time (faster than n8n's one-minute minimum would allow in real time). The week
 * holds bursts of 1,000 and 300 orders, orders placed while polls read, answers lost (the marketplace delivers
 * again), a 13-hour outage after which the marketplace switches the subscription off, and a restart of each
 * trigger's n8n with its saved static data. What n8n itself decides (activation, webhooks, restarts, the watch's
 * timer) runs in the real n8n in e2e/tests/v2-subscription-watch.e2e.test.ts, restart.e2e.test.ts and
 * v2-poll-trigger.e2e.test.ts.
 *
 * The ledger: every order reached the push workflow once and the New Order poll workflow once; every order unit
 * that needs to be sent reached the status workflow once in its current state; nothing twice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RETRY_OFFSETS_MS, type Sandbox } from '../../sandbox';
import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { checkAllWatches } from '../../nodes/SellerMarketplaceTrigger/subscribing/watch';
import { startOutageProxy, type OutageProxy } from '../harness/outage-proxy';
import { PollHost } from '../harness/poll-host';
import { startStrictSandbox } from '../harness/sandbox';
import { WebhookHost } from '../harness/webhook-host';

const EMAIL = 'ops@seller.example';
const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-0000000a7eec';
const PAST_LAST_RETRY_SECONDS = RETRY_OFFSETS_MS[RETRY_OFFSETS_MS.length - 1] / 1000 + 60;
const POLL_EVERY_SECONDS = 300;

let sandbox: Sandbox;
let proxy: OutageProxy;

beforeAll(async () => {
	process.env.N8N_LOG_LEVEL ??= 'error';
	sandbox = await startStrictSandbox({ port: 0, timeScale: 3600 });
	proxy = await startOutageProxy();
});
afterAll(async () => {
	await proxy.close();
	await sandbox.close();
});

const credentials = () => ({
	clientKey: sandbox.clientKey,
	secretKey: sandbox.secretKey,
	baseUrl: sandbox.v2BaseUrl,
	storefront: 'de',
	userAgent: DEFAULT_USER_AGENT,
});

async function startPush(staticData?: IDataObject): Promise<WebhookHost> {
	const host = await WebhookHost.start({
		credentials: credentials(),
		typeVersion: 2,
		parameters: { events: ['order_new'], fallbackEmail: EMAIL },
		staticData,
		webhookId: WEBHOOK_ID,
		publicBaseUrl: proxy.origin,
		freshProcess: true,
		workflowId: 'wf-week-push',
	});
	proxy.target = host;
	return host;
}

const pollHost = (workflowId: string, parameters: INodeParameters) =>
	new PollHost({
		credentials: { sellerMarketplaceV2Api: credentials() },
		typeVersion: 2,
		parameters,
		workflowId,
	});

/** Everything each workflow received, over every n8n process that ran it. */
const ledger = { push: [] as IDataObject[], newOrders: [] as IDataObject[], toSend: [] as IDataObject[] };

const placed: string[] = [];
async function placeOrders(count: number): Promise<void> {
	for (let n = 0; n < count; n++) placed.push((await sandbox.control.createOrder({ storefront: 'de' })).order.id_order);
	await sandbox.control.flushNotifications();
}

describe("a seller's week with both triggers", () => {
	it(
		'every order reaches each workflow once, through bursts, lost answers, a 13 h outage, a switched-off subscription and two restarts',
		async () => {
			let push = await startPush();
			await push.activate();
			let newOrders = pollHost('wf-week-orders', { event: 'orderNew' });
			const toSend = pollHost('wf-week-units', { event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent'] });
			await newOrders.activate();
			await toSend.activate();
			const pushHosts = [push];
			const pollHosts = { newOrders: [newOrders], toSend: [toSend] };

			/** Polls every 5 minutes of sandbox time until neither poll trigger emits, `during` before each round. */
			const pollUntilQuiet = async (during: () => Promise<void> = async () => {}) => {
				for (let round = 0; round < 200; round++) {
					await sandbox.control.advance(POLL_EVERY_SECONDS);
					await during();
					const orders = await newOrders.tick();
					const units = await toSend.tick();
					if (!orders && !units) return;
				}
				throw new Error('the poll triggers kept emitting');
			};

			// Monday: a sale, 1,000 orders within a few seconds.
			await placeOrders(1000);
			await pollUntilQuiet();

			// Tuesday: orders keep coming while the polls read, and five answers to the marketplace are lost.
			await sandbox.control.advance(20 * 3600);
			proxy.loseAnswers = 5;
			let during = 0;
			await pollUntilQuiet(async () => {
				if (during++ < 6) await placeOrders(50);
			});
			await sandbox.control.advance(3600); // the marketplace's retries of the lost answers
			await sandbox.control.flushNotifications();

			// Wednesday: n8n cannot be reached for 13 hours; the marketplace gives up and switches the subscription off.
			await sandbox.control.advance(20 * 3600);
			proxy.down = true;
			await placeOrders(20);
			await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
			await sandbox.control.flushNotifications();
			expect(sandbox.control.db.subscriptions.map((subscription) => subscription.is_active)).toEqual([false]);
			await placeOrders(10); // sent to nobody
			proxy.down = false;
			await checkAllWatches(); // the watch's next check
			await pollUntilQuiet();

			// Thursday: the push trigger's n8n restarts; orders placed meanwhile are delivered by the retries.
			await sandbox.control.advance(10 * 3600);
			ledger.push.push(...received(push));
			proxy.target = undefined;
			await push.close();
			await placeOrders(15);
			push = await startPush(push.staticData);
			pushHosts.push(push);
			await push.activate();
			await sandbox.control.advance(3600);
			await sandbox.control.flushNotifications();

			// Friday: a burst of 300 while the poll trigger's n8n restarts.
			await sandbox.control.advance(20 * 3600);
			const restarted = newOrders.restart();
			await placeOrders(300);
			newOrders = restarted;
			pollHosts.newOrders.push(newOrders);
			await newOrders.activate();
			await pollUntilQuiet();

			// The weekend: a few orders a day.
			for (let day = 0; day < 2; day++) {
				await sandbox.control.advance(24 * 3600);
				await placeOrders(7);
				await pollUntilQuiet();
			}
			await checkAllWatches();
			await sandbox.control.advance(3600);
			await sandbox.control.flushNotifications();

			ledger.push.push(...received(push));
			ledger.newOrders = pollHosts.newOrders.flatMap((host) => host.executions.flat());
			ledger.toSend = pollHosts.toSend.flatMap((host) => host.executions.flat());

			expect(placed).toHaveLength(1000 + 300 + 30 + 15 + 300 + 14);
			expectOncePer(ledger.push, placed, 'push, New Order');
			expectOncePer(ledger.newOrders, placed, 'poll, New Order');
			// Every order unit of the week still waits to be sent: each reached the status workflow once.
			const units = sandbox.control.db.orderUnits.filter((unit) => placed.includes(unit.id_order));
			expectOncePer(
				ledger.toSend.map((item) => ({ id_order: `${String(item.id_order_unit)}@${String(item.ts_updated_iso)}` })),
				units.map((unit) => `${unit.id_order_unit}@${unit.ts_updated.replace(' ', 'T')}Z`),
				'poll, Order Unit Reached Status',
			);
			expect(ledger.push.filter((item) => item.recovered === true).length).toBe(30);
			for (const host of pushHosts) await host.close();
		},
		// About 2,000 notifications and 60 polls of the sandbox on a busy 2-core machine: the work sets the bound.
		10 * 60_000,
	);
});

const received = (host: WebhookHost) => host.executions.flatMap((execution) => execution.items);

function expectOncePer(items: IDataObject[], expected: string[], what: string): void {
	const ids = items.map((item) => String(item.id_order));
	const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
	const missing = expected.filter((id) => !ids.includes(id));
	expect({ what, repeated, missing, count: ids.length }).toEqual({
		what,
		repeated: [],
		missing: [],
		count: expected.length,
	});
}
