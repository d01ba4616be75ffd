/**
 * Issue 31 item 2: the push trigger repairs itself while it is active. Between the sandbox and n8n (played by
 * test/harness/webhook-host.ts, n8n-core's real hook and webhook contexts) sits a switchable proxy at the public
 * address, so n8n can be unreachable for hours; the sandbox runs an hour a second and retries, then switches the
 * subscription off and mails the fallback address, as the marketplace does. The watch's timer is what runs
 * `checkAllWatches` here (its interval is minutes); everything it does goes through the sandbox and the webhook.
 *
 * A ledger asserts what the workflow received: every order and order unit once (by its id), whether pushed or
 * recovered, and recovered ones say so.
 */
import type { IDataObject } from 'n8n-workflow';

import { formatTimestamp, RETRY_OFFSETS_MS, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { checkAllWatches } from '../../../nodes/SellerMarketplaceTrigger/subscribing/watch';
import { startOutageProxy, type OutageProxy as Proxy } from '../../harness/outage-proxy';
import { startStrictSandbox } from '../../harness/sandbox';
import { WebhookHost } from '../../harness/webhook-host';

const EMAIL = 'ops@seller.example';
const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000a7c4';
const PAST_LAST_RETRY_SECONDS = RETRY_OFFSETS_MS[RETRY_OFFSETS_MS.length - 1] / 1000 + 60;

let sandbox: Sandbox;
let proxy: Proxy;
const hosts: WebhookHost[] = [];

beforeAll(async () => {
	process.env.N8N_LOG_LEVEL ??= 'error';
	sandbox = await startStrictSandbox({ port: 0, timeScale: 3600 });
	proxy = await startOutageProxy();
});
afterAll(async () => {
	await proxy.close();
	await sandbox.close();
});
beforeEach(() => {
	sandbox.control.reset();
	proxy.down = false;
});
afterEach(async () => {
	while (hosts.length) {
		const host = hosts.pop()!;
		await host.deactivate().catch(() => undefined);
		await host.close();
	}
	expect(sandbox.control.responseViolations()).toEqual([]);
});

const EVENTS = ['order_new', 'order_unit_new'];

async function startN8n(staticData?: IDataObject): Promise<WebhookHost> {
	const host = await WebhookHost.start({
		credentials: {
			clientKey: sandbox.clientKey,
			secretKey: sandbox.secretKey,
			baseUrl: sandbox.v2BaseUrl,
			storefront: 'de',
			userAgent: DEFAULT_USER_AGENT,
		},
		typeVersion: 2,
		parameters: { events: EVENTS, fallbackEmail: EMAIL },
		staticData,
		webhookId: WEBHOOK_ID,
		publicBaseUrl: proxy.origin,
		freshProcess: true,
	});
	hosts.push(host);
	proxy.target = host;
	return host;
}

/** Every event item the workflow received, over all hosts (n8n processes). */
const received = (...all: WebhookHost[]) =>
	all.flatMap((host) => host.executions.flatMap((execution) => execution.items));

/** The ledger: each order's order_new and each order unit's order_unit_new reached the workflow exactly once. */
function expectEachOnce(items: IDataObject[], orders: Array<{ id_order: string; units: number[] }>): void {
	const keys = items.map((item) => `${String(item.event_name)}:${String(item.id_order ?? item.id_order_unit)}`);
	expect(keys.length).toBe(new Set(keys).size);
	const expected = orders.flatMap(({ id_order, units }) => [
		`order_new:${id_order}`,
		...units.map((unit) => `order_unit_new:${unit}`),
	]);
	expect([...keys].sort()).toEqual([...expected].sort());
}

async function placeOrder(): Promise<{ id_order: string; units: number[] }> {
	const { order, orderUnits } = await sandbox.control.createOrder();
	await sandbox.control.flushNotifications();
	return { id_order: order.id_order, units: orderUnits.map((unit) => unit.id_order_unit) };
}

const subscriptionPatches = () =>
	sandbox.control.requests().filter((entry) => entry.method === 'PATCH' && entry.path.startsWith('/subscriptions/'));

describe('a subscription the marketplace switched off while the workflow is active', () => {
	it('is switched back on within one check, and the orders of the gap run once, marked recovered (before: a week of orders lost)', async () => {
		const n8n = await startN8n();
		await n8n.activate();
		const before = [await placeOrder(), await placeOrder()];
		expect(received(n8n)).toHaveLength(4);

		// n8n unreachable for more than 12 h 46 min: the marketplace gives up and switches both subscriptions off.
		proxy.down = true;
		const lost = await placeOrder();
		await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
		await sandbox.control.flushNotifications();
		expect(sandbox.control.db.subscriptions.map((subscription) => subscription.is_active)).toEqual([false, false]);
		expect(sandbox.control.outbox().map((mail) => mail.to)).toEqual([EMAIL, EMAIL]);
		// A week of orders that the marketplace sends to nobody.
		const week: Array<{ id_order: string; units: number[] }> = [];
		for (let day = 0; day < 7; day++) {
			await sandbox.control.advance(24 * 3600);
			week.push(await placeOrder(), await placeOrder(), await placeOrder());
		}
		expect(received(n8n)).toHaveLength(4);

		// n8n reachable again: the next check repairs both subscriptions and delivers the gap.
		proxy.down = false;
		await checkAllWatches();

		expect(subscriptionPatches().map((entry) => entry.json)).toEqual([{ is_active: true }, { is_active: true }]);
		// n8n's log says what happened and what follows.
		expect(n8n.hookLog).toEqual(
			expect.arrayContaining([
				expect.stringMatching(
					/^warn: Seller Marketplace Trigger: subscription 1 \("order_new"\) was switched off \(the marketplace does so after about 12 hours of failed deliveries\): repaired \(is_active\); subscription 2 \("order_unit_new"\) .*Events missed since \d{4}-.* are delivered now\.$/,
				),
				// the 44 of the gap, and the 4 pushed before it (inside the span read), which the trigger takes as repeats
				'info: Seller Marketplace Trigger: recovery read order_new, order_unit_new: 48 notifications delivered to the trigger (each runs once)',
			]),
		);
		expect(sandbox.control.db.subscriptions.every((subscription) => subscription.is_active)).toBe(true);
		const recovered = received(n8n).slice(4);
		expect(recovered.length).toBe(22 * 2);
		expect(recovered.every((item) => item.recovered === true && item.verified_by === 'signature')).toBe(true);
		expectEachOnce(received(n8n), [...before, lost, ...week]);

		// A second check finds all well and delivers nothing again; new orders are pushed as before, once.
		await checkAllWatches();
		const after = await placeOrder();
		expectEachOnce(received(n8n), [...before, lost, ...week, after]);
		expect(
			received(n8n)
				.slice(-2)
				.every((item) => item.recovered === false),
		).toBe(true);
	});

	it('while n8n is unreachable the check fails and says so, losing nothing; the next one repairs, and a deleted subscription is made again', async () => {
		const n8n = await startN8n();
		await n8n.activate();
		proxy.down = true;
		const lost = await placeOrder();
		await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
		await sandbox.control.flushNotifications();
		// Someone deletes the order_unit_new subscription meanwhile.
		sandbox.control.db.subscriptions.splice(1, 1);

		await checkAllWatches(); // the marketplace cannot verify the callback: nothing repaired, nothing lost
		expect(received(n8n)).toEqual([]);
		expect(n8n.hookLog.at(-1)).toMatch(
			/^warn: Seller Marketplace Trigger: the subscription check failed and is tried again later: /,
		);

		proxy.down = false;
		await checkAllWatches();
		expect(sandbox.control.db.subscriptions.map((s) => [s.event_name, s.is_active])).toEqual([
			['order_new', true],
			['order_unit_new', true],
		]);
		expectEachOnce(received(n8n), [lost]);

		// Unpublishing removes the subscription the watch made again as well: none is left pointing at n8n.
		await n8n.deactivate();
		expect(sandbox.control.db.subscriptions).toEqual([]);
	});
});

describe('records the trigger cannot name', () => {
	it('an order whose id is ".." or holds a "/" is refused by the trigger and logged; the others of the gap still run once', async () => {
		const n8n = await startN8n();
		await n8n.activate();
		proxy.down = true;
		const lost = await placeOrder();
		await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
		await sandbox.control.flushNotifications();
		// Orders with ids the API's string allows but no resource path can carry, listed like any other.
		const model = sandbox.control.db.orders.find((order) => order.id_order === lost.id_order)!;
		for (const id_order of ['..', 'A/B'])
			sandbox.control.db.orders.push({
				...structuredClone(model),
				id_order,
				ts_created: formatTimestamp(sandbox.control.now()),
			});
		const after = await placeOrder();

		proxy.down = false;
		await checkAllWatches();
		await checkAllWatches();

		expectEachOnce(received(n8n), [lost, after]);
		const refused = n8n.hookLog.find((line) => line.includes('the trigger refused'));
		expect(refused).toMatch(/^warn: Seller Marketplace Trigger: the trigger refused 2 recovered notifications: /);
		expect(refused).toContain('/orders/../ (400)');
		expect(refused).toContain('/orders/A%2FB/ (400)');
	});
});

describe('n8n restarted after the marketplace switched the subscription off', () => {
	it('activation switches it back on and delivers every order since the last one received, once', async () => {
		const first = await startN8n();
		await first.activate();
		const before = await placeOrder();
		proxy.down = true;
		proxy.target = undefined;
		await first.close();
		hosts.splice(hosts.indexOf(first), 1);
		const lost = [await placeOrder()];
		await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
		await sandbox.control.flushNotifications();
		for (let day = 0; day < 3; day++) {
			await sandbox.control.advance(24 * 3600);
			lost.push(await placeOrder());
		}

		proxy.down = false;
		const second = await startN8n(first.staticData);
		await second.activate();
		await checkAllWatches();

		expectEachOnce(received(first, second), [before, ...lost]);
		expect(received(second).every((item) => item.recovered === true)).toBe(true);
	});
});
