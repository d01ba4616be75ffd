/**
 * Seller Marketplace Trigger version 2, subscription lifecycle against the v2 sandbox, through n8n-core's real
 * HookContext/WebhookContext: create with the challenge, adopt, repair, no duplicates, delete, test mode.
 */
import { createSubscriptionV2 } from './helpers';
import { EMAIL, triggerStaticData, useTestbed } from '../testbed';

const bed = useTestbed(2, { events: ['order_new'] });

const subscriptions = () =>
	bed.sandbox.control.db.subscriptions.map(
		({ id_subscription, callback_url, fallback_email, event_name, is_active, _storefront }) => ({
			id_subscription,
			callback_url,
			fallback_email,
			event_name,
			is_active,
			storefront: _storefront,
		}),
	);
const requests = (method: string, path?: string) =>
	bed.requests().filter((entry) => entry.method === method && (path === undefined || entry.path === path));
const stored = (host: Parameters<typeof triggerStaticData>[0], mode: 'production' | 'test' = 'production') =>
	triggerStaticData(host).subscriptions?.[host.url(mode)] ?? {};

describe('activation → event → deactivation', () => {
	it("subscribes each event for the credentials' storefront after the challenge, emits the signed event, unsubscribes", async () => {
		const host = await bed.host({ events: ['order_new', 'order_unit_new'] });
		await host.activate();

		const verifications = bed.sandbox.control.deliveries().filter((d) => d.kind === 'verification');
		expect(verifications.map((v) => v.ok)).toEqual([true, true]);
		const challenge = host.calls.find((call) => call.method === 'GET')!;
		expect(challenge).toMatchObject({ webhook: 'setup', status: 200, executed: false });
		expect(challenge.responseBody).toBe(new URL(verifications[0].url).searchParams.get('challenge'));

		const posts = requests('POST', '/subscriptions');
		expect(posts.map((entry) => [entry.rawUrl.replace(/^.*\/v2/, ''), entry.json])).toEqual([
			['/subscriptions?storefront=de', { callback_url: host.url(), fallback_email: EMAIL, event_name: 'order_new' }],
			[
				'/subscriptions?storefront=de',
				{ callback_url: host.url(), fallback_email: EMAIL, event_name: 'order_unit_new' },
			],
		]);
		expect(posts.every((entry) => entry.signatureValid)).toBe(true);
		expect(subscriptions().map((s) => [s.event_name, s.callback_url, s.storefront, s.is_active])).toEqual([
			['order_new', host.url(), 'de', true],
			['order_unit_new', host.url(), 'de', true],
		]);
		expect(stored(host)).toEqual({ order_new: 1, order_unit_new: 2 });

		const { order, orderUnits } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		await bed.sandbox.control.flushNotifications();
		const items = host.executions.flatMap((execution) => execution.items);
		const delivery = bed.sandbox.control.deliveries().find((d) => d.kind === 'event' && d.event_name === 'order_new')!;
		expect(items.find((item) => item.event_name === 'order_new')).toEqual({
			event_name: 'order_new',
			resource: `/orders/${order.id_order}/`,
			id_message: delivery.id_message,
			storefront: 'de',
			payload: [],
			id_order: order.id_order,
			timestamp: Number(delivery.requestHeaders['Shop-Timestamp']),
			received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			verified_by: 'signature',
			recovered: false,
		});
		expect(items.filter((item) => item.event_name === 'order_unit_new').map((item) => item.id_order_unit)).toEqual(
			orderUnits.map((unit) => unit.id_order_unit),
		);
		// signed notifications need no read
		expect(bed.reads()).toEqual([]);

		await host.deactivate();
		expect(requests('DELETE').map((entry) => entry.path)).toEqual(['/subscriptions/1', '/subscriptions/2']);
		expect(subscriptions()).toEqual([]);
		expect(triggerStaticData(host).subscriptions).toBeUndefined();
	});

	it("subscribes for the storefront chosen on the node, and gets only that storefront's events", async () => {
		const host = await bed.activeHost({ storefront: 'at' });
		expect(subscriptions()).toEqual([expect.objectContaining({ storefront: 'at', event_name: 'order_new' })]);
		await bed.sandbox.control.createOrder({ storefront: 'de' });
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'at' });
		await bed.sandbox.control.flushNotifications();
		expect(host.executions.map((execution) => [execution.items[0].id_order, execution.items[0].storefront])).toEqual([
			[order.id_order, 'at'],
		]);
	});

	it('refuses a missing fallback e-mail before any request', async () => {
		const host = await bed.host({ fallbackEmail: 'not-an-address' });
		await expect(host.activate()).rejects.toThrow(/Fallback Email/);
		expect(bed.requests()).toEqual([]);
	});

	it('explains an unreachable callback and leaves nothing subscribed', async () => {
		const host = await bed.host({ events: ['order_new', 'order_unit_new'] }, { publicBaseUrl: 'http://127.0.0.1:9' });
		const error = await host.activate().then(
			() => undefined,
			(e: Error & { description?: string }) => e,
		);
		expect(error?.message).toContain(`could not subscribe "order_new" notifications to ${host.url()}`);
		expect(error?.description).toContain(`GET ${host.url()}?mode=subscribe`);
		expect(error?.description).toContain('No subscription was left behind');
		expect(subscriptions()).toEqual([]);
	});

	it('rolls back the events already subscribed when a later one fails', async () => {
		const host = await bed.host(
			{ events: ['order_new', 'order_unit_new', 'return_new'] },
			{ onCall: (call, self) => (call.webhook === 'setup' ? (self.offline = true) : undefined) },
		);
		await expect(host.activate()).rejects.toThrow(/could not subscribe "order_unit_new"/);
		expect(requests('DELETE').map((entry) => entry.path)).toEqual(['/subscriptions/1']);
		expect(subscriptions()).toEqual([]);
	});
});

describe('adoption and repair (checkExists)', () => {
	/** Another workflow run of the same trigger: same URL, the given static data. */
	const again = async (
		previous: Awaited<ReturnType<typeof bed.host>>,
		staticData = previous.staticData,
		parameters = previous.node.parameters,
	) => {
		const { port, webhookId } = previous;
		await previous.close();
		return await bed.host(parameters, { port, webhookId, staticData });
	};

	it('adopts the subscription for its URL after static data was lost: no second POST, deactivation removes it', async () => {
		const first = await bed.activeHost();
		const [original] = subscriptions();
		bed.sandbox.control.clearRequests();
		const second = await again(first, {});
		await second.activate();
		expect(requests('POST')).toEqual([]);
		expect(requests('PATCH')).toEqual([]);
		expect(subscriptions()).toEqual([original]);
		expect(stored(second)).toEqual({ order_new: original.id_subscription });
		await second.deactivate();
		expect(subscriptions()).toEqual([]);
	});

	it('switches a disabled subscription back on with a PATCH of is_active (verified again), instead of creating another', async () => {
		const first = await bed.activeHost();
		bed.sandbox.control.db.subscriptions[0].is_active = false;
		bed.sandbox.control.clearRequests();
		const verificationsBefore = bed.sandbox.control.deliveries().filter((d) => d.kind === 'verification').length;
		const second = await again(first);
		await second.activate();
		expect(requests('POST')).toEqual([]);
		expect(requests('PATCH').map((entry) => [entry.path, entry.json])).toEqual([
			['/subscriptions/1', { is_active: true }],
		]);
		expect(bed.sandbox.control.deliveries().filter((d) => d.kind === 'verification')).toHaveLength(
			verificationsBefore + 1,
		);
		expect(subscriptions()).toEqual([expect.objectContaining({ id_subscription: 1, is_active: true })]);
		await second.deactivate();
	});

	it("moves an adopted subscription to the node's storefront and fallback e-mail", async () => {
		const first = await bed.activeHost();
		const second = await again(first, first.staticData, {
			...first.node.parameters,
			storefront: 'cz',
			fallbackEmail: 'new@seller.example',
		});
		bed.sandbox.control.clearRequests();
		await second.activate();
		expect(requests('PATCH').map((entry) => entry.json)).toEqual([
			{ storefront: 'cz', fallback_email: 'new@seller.example' },
		]);
		expect(subscriptions()).toEqual([
			expect.objectContaining({ storefront: 'cz', fallback_email: 'new@seller.example', is_active: true }),
		]);
		await second.deactivate();
	});

	it('deletes a second subscription for the same URL and event, and forgets stored ids that are gone', async () => {
		const first = await bed.activeHost({ events: ['order_new', 'order_unit_new'] });
		// a duplicate for the same callback on another storefront, e.g. made by hand
		await createSubscriptionV2(
			bed.credentials(),
			{ callback_url: first.url(), fallback_email: EMAIL, event_name: 'order_new' },
			'at',
		);
		bed.sandbox.control.db.subscriptions.splice(1, 1); // order_new stays, order_unit_new vanished
		expect(subscriptions().map((s) => [s.event_name, s.storefront])).toEqual([
			['order_new', 'de'],
			['order_new', 'at'],
		]);

		const second = await again(first);
		bed.sandbox.control.clearRequests();
		await second.activate();
		expect(requests('DELETE').map((entry) => entry.path)).toEqual(['/subscriptions/3']);
		expect(requests('POST').map((entry) => entry.json)).toEqual([
			{ callback_url: second.url(), fallback_email: EMAIL, event_name: 'order_unit_new' },
		]);
		expect(subscriptions().map((s) => [s.id_subscription, s.event_name, s.storefront])).toEqual([
			[1, 'order_new', 'de'],
			[4, 'order_unit_new', 'de'],
		]);
		expect(stored(second)).toEqual({ order_new: 1, order_unit_new: 4 });
		await second.deactivate();
	});
});

describe('test mode ("listen for test event")', () => {
	it('uses its own subscription and never touches the production one', async () => {
		const host = await bed.activeHost();
		const [production] = subscriptions();
		await host.listen();
		expect(subscriptions()).toEqual([
			production,
			expect.objectContaining({ callback_url: host.url('test'), storefront: 'de', is_active: true }),
		]);

		const { order } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		await bed.sandbox.control.flushNotifications();
		expect(host.executionsOf('test').map((execution) => execution.items[0].id_order)).toEqual([order.id_order]);
		expect(host.executionsOf('production').map((execution) => execution.items[0].id_order)).toEqual([order.id_order]);

		await host.stopListening();
		expect(subscriptions()).toEqual([production]);
		expect(stored(host)).toEqual({ order_new: production.id_subscription });
	});
});
