/**
 * Seller Marketplace Trigger, subscription lifecycle: activation, adoption, restarts, failures and test mode,
 * through n8n-core's real HookContext/WebhookContext (test/harness/webhook-host.ts) against the sandbox.
 */
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { WebhookHost, type WebhookHostOptions } from '../../harness/webhook-host';
import { TestClient } from '../../sandbox/v1/client';

const EMAIL = 'ops@seller.example';

let sandbox: Sandbox;
let api: TestClient;
const hosts: WebhookHost[] = [];

beforeAll(async () => {
	// The node logs every refusal (as it should); keep the test output to errors.
	process.env.N8N_LOG_LEVEL ??= 'error';
	sandbox = await startSandbox({ port: 0 });
	api = new TestClient(sandbox);
});

afterAll(async () => {
	await sandbox.close();
});

beforeEach(() => {
	sandbox.control.reset();
});

afterEach(async () => {
	while (hosts.length) await hosts.pop()!.close();
});

const credentials = () => ({ clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl });

async function host(parameters: INodeParameters = {}, options: Partial<WebhookHostOptions> = {}): Promise<WebhookHost> {
	const started = await WebhookHost.start({
		credentials: credentials(),
		parameters: { events: ['order_new'], fallbackEmail: EMAIL, ...parameters },
		...options,
	});
	hosts.push(started);
	return started;
}

/** A restart of n8n: the old server goes away, a new one serves the same workflow at the same URL. */
async function restart(previous: WebhookHost, staticData = previous.staticData): Promise<WebhookHost> {
	const { port, webhookId } = previous;
	const parameters = previous.node.parameters;
	await previous.close();
	hosts.splice(hosts.indexOf(previous), 1);
	return await host(parameters, { port, webhookId, staticData });
}

const subscriptions = () => sandbox.control.db.subscriptions.map((s) => ({ ...s }));
const requests = (method: string, path: string) =>
	sandbox.control.requests().filter((r) => r.method === method && r.path === path);
const nodeStatic = (h: WebhookHost) =>
	(h.staticData['node:Seller Marketplace Trigger'] ?? {}) as { subscriptions?: Record<string, Record<string, number>> };
const stored = (h: WebhookHost) => nodeStatic(h).subscriptions?.[h.url()] ?? {};

describe('activation → event → deactivation', () => {
	it('subscribes after the challenge reached the node, emits the event, and unsubscribes', async () => {
		const h = await host();
		await h.activate();

		// the sandbox verified the callback with a GET that the node answered with the bare challenge
		const verification = sandbox.control.deliveries().filter((d) => d.kind === 'verification');
		expect(verification).toHaveLength(1);
		expect(verification[0]).toMatchObject({ ok: true, status: 200 });
		expect(verification[0].url.startsWith(`${h.url()}?mode=subscribe&challenge=`)).toBe(true);
		const challengeCall = h.calls.find((c) => c.method === 'GET')!;
		expect(challengeCall).toMatchObject({ webhook: 'setup', status: 200, executed: false });
		expect(challengeCall.contentType).toMatch(/^text\/plain/);
		expect(challengeCall.responseBody).toBe(new URL(verification[0].url).searchParams.get('challenge'));

		expect(subscriptions()).toEqual([
			{
				id_subscription: expect.any(Number),
				callback_url: h.url(),
				fallback_email: EMAIL,
				event_name: 'order_new',
				is_active: true,
			},
		]);
		expect(requests('POST', '/subscriptions/')[0].json).toEqual({
			callback_url: h.url(),
			fallback_email: EMAIL,
			event_name: 'order_new',
		});
		expect(stored(h)).toEqual({ order_new: subscriptions()[0].id_subscription });

		const { order } = await sandbox.control.createOrder();
		await sandbox.control.flushNotifications();

		expect(h.executions).toHaveLength(1);
		const [item] = h.executions[0].items;
		const delivery = sandbox.control.deliveries().find((d) => d.kind === 'event')!;
		expect(delivery).toMatchObject({ ok: true, status: 200 });
		expect(item).toEqual({
			event_name: 'order_new',
			resource: `/orders/${order.id_order}/`,
			id_order: order.id_order,
			id_message: delivery.id_message,
			payload: '[]',
			timestamp: Number(delivery.requestHeaders['HM-Timestamp']),
			received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			verified_by: 'signature',
			recovered: false,
		});
		expect(h.executions[0].mode).toBe('production');

		await h.deactivate();
		expect(subscriptions()).toEqual([]);
		expect(nodeStatic(h).subscriptions).toBeUndefined();
		// the route is gone with the workflow
		await sandbox.control.emitEvent('order_new', '/orders/X1/');
		await sandbox.control.flushNotifications();
		expect(h.executions).toHaveLength(1);
	});

	it('holds one subscription per selected event and emits each event it was sent', async () => {
		const h = await host({ events: ['order_new', 'order_unit_new', 'return_new'] });
		await h.activate();
		expect(
			subscriptions()
				.map((s) => s.event_name)
				.sort(),
		).toEqual(['order_new', 'order_unit_new', 'return_new']);
		expect(subscriptions().every((s) => s.callback_url === h.url() && s.is_active)).toBe(true);
		expect(Object.keys(stored(h)).sort()).toEqual(['order_new', 'order_unit_new', 'return_new']);

		const { order, orderUnits } = await sandbox.control.createOrder();
		await sandbox.control.flushNotifications();
		const items = h.executions.flatMap((e) => e.items);
		expect(items.filter((i) => i.event_name === 'order_new')).toEqual([
			expect.objectContaining({ id_order: order.id_order }),
		]);
		expect(
			items
				.filter((i) => i.event_name === 'order_unit_new')
				.map((i) => i.id_order_unit)
				.sort(),
		).toEqual(orderUnits.map((u) => u.id_order_unit).sort());

		// activating again changes nothing
		sandbox.control.clearRequests();
		await (await restart(h)).activate();
		expect(requests('POST', '/subscriptions/')).toHaveLength(0);
		expect(subscriptions()).toHaveLength(3);
	});
});

describe('adoption and restarts', () => {
	it('after a restart with the same static data: no duplicate, events still arrive', async () => {
		const first = await host();
		await first.activate();
		const [original] = subscriptions();

		const second = await restart(first);
		sandbox.control.clearRequests();
		await second.activate();
		expect(requests('POST', '/subscriptions/')).toHaveLength(0);
		expect(requests('PATCH', `/subscriptions/${original.id_subscription}/`)).toHaveLength(0);
		expect(subscriptions()).toEqual([original]);

		await sandbox.control.createOrder();
		await sandbox.control.flushNotifications();
		expect(second.executions).toHaveLength(1);
	});

	it('adopts the existing subscription when static data was lost, and deactivation then removes it', async () => {
		const first = await host();
		await first.activate();
		const [original] = subscriptions();

		const second = await restart(first, {});
		sandbox.control.clearRequests();
		await second.activate();
		expect(requests('POST', '/subscriptions/')).toHaveLength(0);
		expect(subscriptions()).toEqual([original]);
		expect(stored(second)).toEqual({ order_new: original.id_subscription });

		await second.deactivate();
		expect(subscriptions()).toEqual([]);
	});

	it('switches a disabled subscription back on with the full body (PATCH) instead of creating another', async () => {
		const first = await host({ events: ['order_new', 'order_unit_new'] });
		await first.activate();
		// the marketplace disabled one after 12 h of failures (or someone switched it off)
		const disabled = sandbox.control.db.subscriptions.find((s) => s.event_name === 'order_unit_new')!;
		disabled.is_active = false;

		for (const staticData of [first.staticData, {}]) {
			disabled.is_active = false;
			const next = await restart(hosts[hosts.length - 1], staticData);
			sandbox.control.clearRequests();
			await next.activate();
			expect(requests('POST', '/subscriptions/')).toHaveLength(0);
			const patches = requests('PATCH', `/subscriptions/${disabled.id_subscription}/`);
			expect(patches.map((p) => p.json)).toEqual([
				{ callback_url: next.url(), fallback_email: EMAIL, event_name: 'order_unit_new', is_active: true },
			]);
			expect(subscriptions()).toHaveLength(2);
			expect(subscriptions().every((s) => s.is_active)).toBe(true);
		}
	});

	it('forgets stored ids that no longer exist and subscribes again', async () => {
		const first = await host();
		await first.activate();
		const [original] = subscriptions();
		expect((await api.delete(`/subscriptions/${original.id_subscription}/`)).status).toBeLessThan(300);

		const second = await restart(first);
		await second.activate();
		const [replacement] = subscriptions();
		expect(replacement.id_subscription).not.toBe(original.id_subscription);
		expect(stored(second)).toEqual({ order_new: replacement.id_subscription });
	});

	it('removes a second subscription for the same URL and event, which would deliver every event twice', async () => {
		const first = await host();
		await first.activate();
		const [original] = subscriptions();
		// a duplicate for the same callback, e.g. left behind by an older version of the node
		const response = await api.post('/subscriptions/', {
			callback_url: first.url(),
			fallback_email: EMAIL,
			event_name: 'order_new',
		});
		expect(response.status).toBe(201);
		expect(subscriptions()).toHaveLength(2);

		await (await restart(first)).activate();
		expect(subscriptions()).toEqual([original]);
	});
});

describe('failures', () => {
	it('explains an unreachable callback, naming the URL the marketplace tried, and leaves nothing subscribed', async () => {
		const h = await host({}, { publicBaseUrl: 'http://127.0.0.1:9' });
		const error = await h.activate().then(
			() => undefined,
			(e: Error & { description?: string }) => e,
		);
		expect(error).toBeDefined();
		expect(error!.message).toContain(h.url());
		expect(error!.description).toContain(`GET ${h.url()}?mode=subscribe`);
		expect(error!.description).toContain('reachable from the internet');
		expect(error!.description).toContain('WEBHOOK_URL');
		expect(error!.description).toContain('No subscription was left behind');
		expect(subscriptions()).toEqual([]);
	});

	it('rolls back the events already subscribed when a later one fails', async () => {
		const h = await host(
			{ events: ['order_new', 'order_unit_new', 'return_new'] },
			{
				// n8n becomes unreachable right after it answered the first challenge
				onCall: (call, self) => {
					if (call.webhook === 'setup') self.offline = true;
				},
			},
		);
		await expect(h.activate()).rejects.toThrow(/could not subscribe "order_unit_new"/);
		expect(requests('POST', '/subscriptions/')).toHaveLength(2);
		// the first event's subscription was deleted again
		const deletes = sandbox.control.requests().filter((r) => r.method === 'DELETE');
		expect(deletes.map((r) => r.path)).toEqual([expect.stringMatching(/^\/subscriptions\/\d+\/$/)]);
		expect(subscriptions()).toEqual([]);
		expect(stored(h)).toEqual({});
	});

	it('refuses a missing or invalid fallback e-mail before any request', async () => {
		const h = await host({ fallbackEmail: 'not-an-address' });
		await expect(h.activate()).rejects.toThrow(/Fallback Email/);
		expect(sandbox.control.requests()).toHaveLength(0);
	});
});

describe('test mode ("listen for test event")', () => {
	it('uses its own subscription and never touches the production one', async () => {
		const h = await host();
		await h.activate();
		const [production] = subscriptions();

		await h.listen();
		const testSubscription = subscriptions().find((s) => s.callback_url === h.url('test'))!;
		expect(testSubscription).toMatchObject({ event_name: 'order_new', is_active: true });
		expect(subscriptions()).toHaveLength(2);

		const { order } = await sandbox.control.createOrder();
		await sandbox.control.flushNotifications();
		expect(h.executionsOf('test').map((e) => e.items[0].id_order)).toEqual([order.id_order]);
		expect(h.executionsOf('production').map((e) => e.items[0].id_order)).toEqual([order.id_order]);

		await h.stopListening();
		expect(subscriptions()).toEqual([production]);
		expect(stored(h)).toEqual({ order_new: production.id_subscription });

		await h.deactivate();
		expect(subscriptions()).toEqual([]);
	});
});
