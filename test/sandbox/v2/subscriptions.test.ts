import http from 'http';
import { CallbackServer, startCallbackServer } from '../v1/client';
import { problem, signV2, useV2Client } from './client';

const MINUTE = 60_000;

/** A fresh stand-in for the seller's callback endpoint per test. */
function useCallbackServer(): () => CallbackServer {
	let callback: CallbackServer | undefined;
	beforeEach(async () => {
		callback = await startCallbackServer();
	});
	afterEach(async () => {
		await callback?.close();
	});
	return () => callback!;
}
const echoChallenge = ({ method, query }: { method: string; query: URLSearchParams }) =>
	method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 200, body: '' };

describe('sandbox API v2: subscriptions', () => {
	const { sandbox, api } = useV2Client();
	const hook = useCallbackServer();

	const subscribe = (event_name = 'order_new', storefront = 'de', url = hook().url) =>
		api().post(`/subscriptions?storefront=${storefront}`, {
			callback_url: url,
			fallback_email: 'ops@example.test',
			event_name,
		});
	const gets = () => hook().received.filter((r) => r.method === 'GET');

	it('verifies the callback with a challenge, then answers 201 with the subscription', async () => {
		const response = await subscribe();
		expect(response.status).toBe(201);
		expect(response.json).toEqual({
			data: {
				id_subscription: 1,
				callback_url: hook().url,
				fallback_email: 'ops@example.test',
				event_name: 'order_new',
				is_active: true,
				storefront: 'de',
			},
		});
		const [verification] = gets();
		const query = new URL(verification.url, 'http://x').searchParams;
		expect([...query.keys()]).toEqual(['mode', 'challenge']);
		expect(query.get('mode')).toBe('subscribe');
		expect(query.get('challenge')).toMatch(/^[0-9a-f]{32}$/);
		expect(sandbox().control.db.subscriptions).toEqual([expect.objectContaining({ _api: 'v2', _storefront: 'de' })]);
		expect((await api().get('/subscriptions/1')).json.data).toEqual(response.json.data);
	});

	it.each([
		['a different body', () => ({ status: 200, body: 'nope' })],
		['the challenge in quotes', (q: URLSearchParams) => ({ status: 200, body: JSON.stringify(q.get('challenge')) })],
		['the challenge with a newline', (q: URLSearchParams) => ({ status: 200, body: `${q.get('challenge')}\n` })],
		['a 204', (q: URLSearchParams) => ({ status: 204, body: q.get('challenge') ?? '' })],
		['a 500', () => ({ status: 500, body: '' })],
	])('stores nothing when the callback answers %s', async (_, answer) => {
		hook().respond = ({ query }) => answer(query);
		const response = await subscribe();
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem('/problems/subscriptions/unverified-callback-url', ['callback_url']));
		expect(sandbox().control.db.subscriptions).toEqual([]);
	});

	it('stores nothing when the callback cannot be reached', async () => {
		const response = await subscribe('order_new', 'de', 'http://127.0.0.1:9/hook');
		expect(response.json).toEqual(problem('/problems/subscriptions/unverified-callback-url', ['callback_url']));
		expect(sandbox().control.deliveries()).toEqual([expect.objectContaining({ kind: 'verification', ok: false })]);
	});

	it.each([
		['an ftp URL', { callback_url: 'ftp://127.0.0.1/x' }, 'callback_url'],
		['a relative URL', { callback_url: '/hook' }, 'callback_url'],
		['a URL over 255 characters', { callback_url: `http://127.0.0.1/${'a'.repeat(240)}` }, 'callback_url'],
		['a fallback address that is no e-mail address', { fallback_email: 'ops' }, 'fallback_email'],
		['an unknown event', { event_name: 'new_order' }, 'event_name'],
		['a missing field', { fallback_email: undefined }, 'fallback_email'],
		[
			'a field the schema does not name (it leaves the object open; the sandbox does not)',
			{ storefront: 'de' },
			'storefront',
		],
	])('refuses %s before calling anyone', async (_, change, field) => {
		const body = { callback_url: hook().url, fallback_email: 'ops@example.test', event_name: 'order_new', ...change };
		const response = await api().post('/subscriptions?storefront=de', body);
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem('/problems/validation-error', [field]));
		expect(hook().received).toEqual([]);
	});

	it('needs a storefront the seller has set up', async () => {
		const body = { callback_url: hook().url, fallback_email: 'ops@example.test', event_name: 'order_new' };
		expect((await api().post('/subscriptions', body)).json).toEqual(
			problem('/problems/validation-error', ['storefront']),
		);
		expect((await api().post('/subscriptions?storefront=it', body)).json).toEqual(
			problem('/problems/storefront-not-configured', ['storefront']),
		);
		expect(hook().received).toEqual([]);
	});

	it('takes the v2-only events and refuses a second subscription of the same URL, event and storefront', async () => {
		expect((await subscribe('item_unit_live')).status).toBe(201);
		expect((await subscribe('buy_box_changed')).status).toBe(201);
		const twice = await subscribe('item_unit_live');
		expect(twice.status).toBe(400);
		expect(twice.json).toEqual(problem('/problems/already-exists', ['callback_url']));
		expect((await subscribe('item_unit_live', 'at')).status).toBe(201);
	});

	it('lists, filters and pages subscriptions (at most 30 per page)', async () => {
		await subscribe('order_new');
		await subscribe('order_new', 'at');
		await subscribe('return_new');
		const all = await api().get('/subscriptions');
		expect(all.json.pagination).toEqual({ offset: 0, limit: 30, total: 3 });
		expect(
			(await api().get('/subscriptions?storefront=at')).json.data.map(
				(s: { id_subscription: number }) => s.id_subscription,
			),
		).toEqual([2]);
		expect((await api().get('/subscriptions?event_name=order_new')).json.pagination.total).toBe(2);
		expect((await api().get('/subscriptions?limit=1&offset=2')).json).toEqual({
			data: [all.json.data[2]],
			pagination: { offset: 2, limit: 1, total: 3 },
		});
		expect((await api().get('/subscriptions?limit=31')).json).toEqual(problem('/problems/validation-error', ['limit']));
	});

	it('changes a subscription; verifies again only for a new callback_url or switching back on', async () => {
		await subscribe();
		hook().received = [];
		const email = await api().patch('/subscriptions/1', {
			fallback_email: 'new@example.test',
			event_name: 'order_unit_new',
		});
		expect(email.status).toBe(200);
		expect(email.json.data).toMatchObject({ fallback_email: 'new@example.test', event_name: 'order_unit_new' });
		expect((await api().patch('/subscriptions/1', { is_active: false })).json.data.is_active).toBe(false);
		expect(gets()).toEqual([]);

		hook().respond = () => ({ status: 200, body: 'wrong' });
		const refused = await api().patch('/subscriptions/1', { is_active: true });
		expect(refused.status).toBe(400);
		expect(refused.json).toEqual(problem('/problems/subscriptions/unverified-callback-url', ['callback_url']));
		expect(sandbox().control.db.subscriptions[0].is_active).toBe(false);
		hook().respond = echoChallenge;
		expect((await api().patch('/subscriptions/1', { is_active: true })).json.data.is_active).toBe(true);
		expect(gets()).toHaveLength(2);

		const other = await startCallbackServer();
		try {
			other.respond = () => ({ status: 404, body: '' });
			const moved = await api().patch('/subscriptions/1', { callback_url: other.url });
			expect(moved.status).toBe(400);
			expect(sandbox().control.db.subscriptions[0].callback_url).toBe(hook().url);
			other.respond = echoChallenge;
			expect((await api().patch('/subscriptions/1', { callback_url: other.url })).json.data.callback_url).toBe(
				other.url,
			);
		} finally {
			await other.close();
		}
	});

	it('refuses an empty change, an unknown field and a storefront not set up; null means every storefront', async () => {
		await subscribe();
		expect((await api().patch('/subscriptions/1', {})).json).toEqual(problem('/problems/validation-error', ['body']));
		expect((await api().patch('/subscriptions/1', { active: false })).json).toEqual(
			problem('/problems/validation-error', ['active']),
		);
		expect((await api().patch('/subscriptions/1', { storefront: 'es' })).json).toEqual(
			problem('/problems/storefront-not-configured', ['storefront']),
		);
		expect((await api().patch('/subscriptions/1', { storefront: null })).json.data.storefront).toBeNull();
		expect(sandbox().control.db.subscriptions[0]._storefront).toBeNull();
	});

	it('deletes a subscription for good', async () => {
		await subscribe();
		expect((await api().delete('/subscriptions/1')).status).toBe(204);
		expect((await api().get('/subscriptions/1')).status).toBe(404);
		expect((await api().delete('/subscriptions/1')).json).toEqual(problem('/problems/not-found'));
		expect((await api().get('/subscriptions/1.0')).json).toEqual(
			problem('/problems/validation-error', ['id_subscription']),
		);
	});
});

describe('sandbox API v2: push notifications', () => {
	const { sandbox, api } = useV2Client();
	const hook = useCallbackServer();

	const subscribe = async (event_name: string, storefront = 'de') => {
		const response = await api().post(`/subscriptions?storefront=${storefront}`, {
			callback_url: hook().url,
			fallback_email: 'ops@example.test',
			event_name,
		});
		expect(response.status).toBe(201);
		hook().received = [];
		return response.json.data.id_subscription as number;
	};
	const posts = () => hook().received.filter((r) => r.method === 'POST');
	const bodies = () => posts().map((p) => JSON.parse(p.body));
	const events = () =>
		sandbox()
			.control.deliveries()
			.filter((d) => d.kind === 'event');

	it('posts new orders in the v2 format, signed with Shop-Timestamp and Shop-Signature', async () => {
		await subscribe('order_new');
		await subscribe('order_unit_new');
		const unit = sandbox().control.db.units[0];
		const { order, orderUnits } = await sandbox().control.createOrder({
			units: [{ id_unit: unit.id_unit, quantity: 2 }],
		});
		await sandbox().control.flushNotifications();
		expect(bodies().filter((b) => b.event_name === 'order_new')).toEqual([
			{
				event_name: 'order_new',
				id_message: expect.stringMatching(/^[0-9a-f-]{36}$/),
				resource: `/orders/${order.id_order}/`,
				storefront: 'de',
				payload: [],
			},
		]);
		expect(
			bodies()
				.filter((b) => b.event_name === 'order_unit_new')
				.map((b) => b.resource)
				.sort(),
		).toEqual(orderUnits.map((u) => `/order-units/${u.id_order_unit}/`).sort());
		for (const post of posts()) {
			expect(Object.keys(JSON.parse(post.body))).toEqual([
				'event_name',
				'id_message',
				'resource',
				'storefront',
				'payload',
			]);
			expect(post.headers['content-type']).toBe('application/json');
			expect(post.headers['hm-signature']).toBeUndefined();
			const timestamp = post.headers['shop-timestamp'] as string;
			expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
			expect(post.headers['shop-signature']).toBe(
				signV2(sandbox().secretKey, 'POST', hook().url, post.body, timestamp),
			);
		}
		expect(new Set(bodies().map((b) => b.id_message)).size).toBe(3);
		// the resource, without its trailing slash, is readable through the API
		const resource = bodies()
			.find((b) => b.event_name === 'order_new')
			.resource.replace(/\/$/, '');
		expect((await api().get(resource)).json.data.id_order).toBe(order.id_order);
	});

	it("delivers only the subscription's storefront", async () => {
		await subscribe('order_new', 'de');
		await subscribe('order_new', 'at');
		await sandbox().control.createOrder({ storefront: 'at' });
		await sandbox().control.flushNotifications();
		expect(events()).toEqual([expect.objectContaining({ id_subscription: 2, ok: true })]);
		expect(bodies()[0].storefront).toBe('at');
	});

	it('notifies status changes made through v2 and the unit itself for unit events', async () => {
		await subscribe('order_unit_status_changed');
		await subscribe('item_unit_changed');
		await subscribe('item_unit_out_of_stock');
		const orderUnit = sandbox().control.db.orderUnits.find(
			(u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace && u._storefront === 'de',
		)!;
		await api().patch(`/order-units/${orderUnit.id_order_unit}/send`, { tracking_numbers: '1', carrier_code: 'UPS' });
		const unit = sandbox().control.db.units.find((u) => u.amount > 0 && u._storefront === 'de')!;
		await api().patch(`/units/${unit.id_unit}?storefront=de`, { amount: 0, listing_price: unit.listing_price });
		await sandbox().control.flushNotifications();
		expect(bodies().map((b) => [b.event_name, b.resource])).toEqual([
			['order_unit_status_changed', `/order-units/${orderUnit.id_order_unit}/`],
			['item_unit_changed', `/units/${unit.id_unit}/`],
			['item_unit_out_of_stock', `/units/${unit.id_unit}/`],
		]);
		expect(bodies()[2].payload).toMatchObject({
			id_unit: unit.id_unit,
			id_offer: unit.id_offer,
			amount: 0,
			is_live: false,
			storefront: 'de',
		});
	});

	it('counts any of 200, 201, 202 and 204 as delivered, anything else is retried', async () => {
		for (const status of [200, 201, 202, 204]) {
			sandbox().control.reset();
			hook().respond = ({ method, query }) =>
				method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status, body: '' };
			await subscribe('order_new');
			await sandbox().control.createOrder();
			await sandbox().control.advance(3600);
			expect(events().map((d) => d.ok)).toEqual([true]);
		}
		sandbox().control.reset();
		hook().respond = ({ method, query }) =>
			method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 302, body: '' };
		await subscribe('order_new');
		await sandbox().control.createOrder();
		await sandbox().control.advance(20 * 60);
		expect(events().map((d) => [d.ok, d.error])).toEqual([
			[false, 'callback answered HTTP 302, expected a 2xx'],
			[false, 'callback answered HTTP 302, expected a 2xx'],
			[false, 'callback answered HTTP 302, expected a 2xx'],
		]);
	});

	it('retries with the same id_message and body, newly signed, for 12 h, then disables the subscription and mails', async () => {
		await subscribe('order_new');
		hook().respond = ({ method, query }) =>
			method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 503, body: '' };
		await sandbox().control.createOrder();
		await sandbox().control.advance(13 * 3600);

		const attempts = events();
		const offsets = attempts.map((a) => (a.scheduledAtMs - attempts[0].scheduledAtMs) / MINUTE);
		expect(offsets.slice(0, 5)).toEqual([0, 1, 16, 46, 106]);
		// gaps of 1, 15, 30, then 60 minutes: the last attempt is the first one past 12 h, at +12 h 46 min
		expect(offsets[offsets.length - 1]).toBe(766);
		expect(attempts).toHaveLength(16);
		expect(new Set(attempts.map((a) => a.id_message)).size).toBe(1);
		expect(new Set(posts().map((p) => p.body)).size).toBe(1);
		for (const post of posts()) {
			expect(post.headers['shop-signature']).toBe(
				signV2(sandbox().secretKey, 'POST', hook().url, post.body, post.headers['shop-timestamp'] as string),
			);
		}

		const read = await api().get('/subscriptions/1');
		expect(read.json.data.is_active).toBe(false);
		expect(sandbox().control.outbox()).toEqual([
			expect.objectContaining({
				to: 'ops@example.test',
				id_subscription: 1,
				body: expect.stringContaining('PATCH /subscriptions/1.'),
			}),
		]);

		// lost while disabled; back after switching on (verified again)
		await sandbox().control.createOrder();
		await sandbox().control.advance(3600);
		expect(events()).toHaveLength(16);
		hook().respond = echoChallenge;
		expect((await api().patch('/subscriptions/1', { is_active: true })).json.data.is_active).toBe(true);
		await sandbox().control.createOrder();
		await sandbox().control.flushNotifications();
		expect(
			events()
				.slice(16)
				.map((d) => d.ok),
		).toEqual([true]);
	});

	it('fires any event, v2-only ones included, with a storefront and payload from the control API', async () => {
		await subscribe('buy_box_changed', 'cz');
		const payload = JSON.stringify({ buy_box_change: 'lost', id_product: 10001 });
		const response = await api().control('POST', '/events', {
			event_name: 'buy_box_changed',
			resource: '/buybox?id_product=10001&condition=new',
			payload,
			storefront: 'cz',
		});
		expect(response.status).toBe(204);
		await sandbox().control.flushNotifications();
		expect(bodies()).toEqual([
			expect.objectContaining({
				event_name: 'buy_box_changed',
				storefront: 'cz',
				payload: { buy_box_change: 'lost', id_product: 10001 },
			}),
		]);
		expect(
			(await api().control('POST', '/events', { event_name: 'order_new', resource: '/orders/X/', storefront: 'uk' }))
				.status,
		).toBe(400);
	});
});

describe('sandbox API v2: notification deadline', () => {
	const { sandbox, api } = useV2Client({ v2NotificationTimeoutSeconds: 0.3 });

	it('gives a v2 callback v2NotificationTimeoutSeconds to answer', async () => {
		const server = http.createServer((req, res) => {
			const challenge = new URL(req.url ?? '/', 'http://x').searchParams.get('challenge');
			if (req.method === 'GET') res.end(challenge);
			else setTimeout(() => res.end(), 1000);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/slow`;
			await api().post('/subscriptions?storefront=de', {
				callback_url: url,
				fallback_email: 'ops@example.test',
				event_name: 'order_new',
			});
			await sandbox().control.createOrder();
			await sandbox().control.flushNotifications();
			expect(
				sandbox()
					.control.deliveries()
					.filter((d) => d.kind === 'event'),
			).toEqual([expect.objectContaining({ ok: false, error: 'no answer within 300 ms' })]);
		} finally {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
