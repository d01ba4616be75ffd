import { RETRY_OFFSETS_MS, startSandbox } from '../../../sandbox';
import type { Sandbox } from '../../../sandbox';
import { CallbackServer, hmacHex, startCallbackServer, TestClient } from '../v1/client';

const MINUTE = 60_000;

describe('sandbox subscriptions and push notifications', () => {
	let sandbox: Sandbox;
	let api: TestClient;
	let callback: CallbackServer;

	beforeEach(async () => {
		sandbox = await startSandbox({ port: 0 });
		api = new TestClient(sandbox);
		callback = await startCallbackServer();
	});
	afterEach(async () => {
		await sandbox.close();
		await callback.close();
	});

	const subscribe = (event_name = 'order_new') =>
		api.post('/subscriptions/', { callback_url: callback.url, fallback_email: 'ops@example.test', event_name });

	describe('callback verification', () => {
		it('creates the subscription when the callback echoes the challenge', async () => {
			const response = await subscribe();
			expect(response.status).toBe(201);
			expect(response.text).toBe('');
			expect(response.headers.location).toBe('/subscriptions/1/');
			const [verification] = callback.received;
			expect(verification.method).toBe('GET');
			const query = new URL(verification.url, 'http://x').searchParams;
			expect(query.get('mode')).toBe('subscribe');
			expect(query.get('challenge')).toMatch(/^[0-9a-f]{32}$/);
			const read = await api.get('/subscriptions/1/');
			expect(read.json).toEqual({
				id_subscription: 1,
				callback_url: callback.url,
				fallback_email: 'ops@example.test',
				event_name: 'order_new',
				is_active: true,
			});
			const list = await api.get('/subscriptions/seller/?event_name=order_new');
			expect(list.headers['hm-collection-range']).toBe('1-1/1');
		});

		it.each([
			['a different body', () => ({ status: 200, body: 'nope' })],
			[
				'the challenge as a JSON string',
				(q: URLSearchParams) => ({ status: 200, body: JSON.stringify(q.get('challenge')) }),
			],
			['a non-200 status', (q: URLSearchParams) => ({ status: 204, body: q.get('challenge') ?? '' })],
		])('creates nothing when the callback answers %s', async (_, answer) => {
			callback.respond = ({ query }) => answer(query);
			const response = await subscribe();
			expect(response.status).toBe(422);
			expect(response.json.message).toMatch(/Callback verification failed/);
			expect(sandbox.control.db.subscriptions).toHaveLength(0);
			expect(sandbox.control.deliveries()[0]).toMatchObject({ kind: 'verification', ok: false });
		});

		it('creates nothing when the callback is unreachable', async () => {
			const response = await api.post('/subscriptions/', {
				callback_url: 'http://127.0.0.1:9/nothing-here',
				fallback_email: 'ops@example.test',
				event_name: 'order_new',
			});
			expect(response.status).toBe(422);
			expect(sandbox.control.db.subscriptions).toHaveLength(0);
		});

		it('validates the body', async () => {
			const bad = (body: object) =>
				api.post('/subscriptions/', {
					callback_url: callback.url,
					fallback_email: 'a@b.test',
					event_name: 'order_new',
					...body,
				});
			expect((await bad({ event_name: 'order_created' })).status).toBe(400);
			expect((await bad({ callback_url: 'ftp://x/' })).status).toBe(400);
			expect((await bad({ fallback_email: 'nobody' })).status).toBe(400);
			expect(callback.received).toHaveLength(0);
		});

		it('re-verifies on every PATCH, switching off included, and keeps the old values when verification fails', async () => {
			await subscribe();
			callback.received = [];
			callback.respond = () => ({ status: 503, body: '' });
			// switching off sends the challenge too, but does not need it answered
			expect((await api.patch('/subscriptions/1/', { is_active: false })).status).toBe(204);
			expect(sandbox.control.db.subscriptions[0].is_active).toBe(false);
			expect(sandbox.control.deliveries().at(-1)).toMatchObject({
				kind: 'verification',
				id_subscription: 1,
				ok: false,
				status: 503,
			});
			callback.respond = () => ({ status: 200, body: 'wrong' });
			const refused = await api.patch('/subscriptions/1/', { is_active: true });
			expect(refused.status).toBe(422);
			expect(sandbox.control.db.subscriptions[0].is_active).toBe(false);
			callback.respond = ({ query }) => ({ status: 200, body: query.get('challenge') ?? '' });
			expect(
				(await api.patch('/subscriptions/1/', { is_active: true, fallback_email: 'new@example.test' })).status,
			).toBe(204);
			expect(sandbox.control.db.subscriptions[0]).toMatchObject({
				is_active: true,
				fallback_email: 'new@example.test',
			});
			expect(callback.received.filter((r) => r.method === 'GET')).toHaveLength(3);
			// the lenient sandbox takes these partial bodies (the SDK's form) and logs the alias
			expect(
				sandbox.control
					.requests()
					.filter((r) => r.method === 'PATCH')
					.map((r) => r.alias),
			).toEqual([
				'partial subscription body (without callback_url, fallback_email, event_name)',
				'partial subscription body (without callback_url, fallback_email, event_name)',
				'partial subscription body (without callback_url, event_name)',
			]);
			expect((await api.delete('/subscriptions/1/')).status).toBe(204);
			expect((await api.get('/subscriptions/1/')).status).toBe(404);
		});
	});

	describe('event delivery', () => {
		it('a new order fires order_new once and order_unit_new per unit, signed with the secret key', async () => {
			await subscribe('order_new');
			await subscribe('order_unit_new');
			callback.received = [];
			const unitId = sandbox.control.db.units[0].id_unit;
			const { order, orderUnits } = await sandbox.control.createOrder({ units: [{ id_unit: unitId, quantity: 3 }] });
			await sandbox.control.flushNotifications();
			expect(orderUnits).toHaveLength(3);
			const posts = callback.received.filter((r) => r.method === 'POST');
			const bodies = posts.map((p) => JSON.parse(p.body));
			expect(bodies.filter((b) => b.event_name === 'order_new')).toEqual([
				{
					event_name: 'order_new',
					resource: `/orders/${order.id_order}/`,
					id_message: expect.any(String),
					payload: '[]',
				},
			]);
			expect(
				bodies
					.filter((b) => b.event_name === 'order_unit_new')
					.map((b) => b.resource)
					.sort(),
			).toEqual(orderUnits.map((u) => `/order-units/${u.id_order_unit}/`).sort());
			expect(new Set(bodies.map((b) => b.id_message)).size).toBe(4);
			for (const post of posts) {
				const timestamp = post.headers['hm-timestamp'] as string;
				expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
				expect(post.headers['hm-signature']).toBe(
					hmacHex(sandbox.secretKey, `POST\n${callback.url}\n${post.body}\n${timestamp}`),
				);
			}
		});

		it('does not notify for marketplace-fulfilled orders or inactive subscriptions', async () => {
			await subscribe('order_new');
			await sandbox.control.createOrder({ fulfilledByMarketplace: true });
			await api.patch('/subscriptions/1/', { is_active: false });
			await sandbox.control.createOrder();
			await sandbox.control.flushNotifications();
			expect(callback.received.filter((r) => r.method === 'POST')).toHaveLength(0);
		});

		it('notifies order_unit_status_changed when a unit is sent', async () => {
			await subscribe('order_unit_status_changed');
			const unit = sandbox.control.db.orderUnits.find(
				(u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace,
			)!;
			await api.patch(`/order-units/${unit.id_order_unit}/send/`, { carrier_code: 'DPD', tracking_number: '42' });
			await sandbox.control.flushNotifications();
			const post = callback.received.find((r) => r.method === 'POST')!;
			expect(JSON.parse(post.body)).toMatchObject({
				event_name: 'order_unit_status_changed',
				resource: `/order-units/${unit.id_order_unit}/`,
			});
		});
	});

	describe('retries', () => {
		it('retries after 1 minute, then at intervals of 15, 30 and 60 minutes, with the same id_message; disables after more than 12 h and mails', async () => {
			await subscribe('order_new');
			callback.respond = ({ method, query }) =>
				method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 500, body: 'down' };
			await sandbox.control.emitEvent('order_new', '/orders/MTEST/');
			await sandbox.control.advance(13 * 3600);

			const attempts = sandbox.control.deliveries().filter((d) => d.kind === 'event');
			const first = attempts[0].scheduledAtMs;
			const offsets = attempts.map((a) => (a.scheduledAtMs - first) / MINUTE);
			// the spec: first retry after 1 minute, later intervals of 15, 30 or 60 minutes, for about 12 hours
			const gaps = offsets.slice(1).map((m, i) => m - offsets[i]);
			expect(gaps).toEqual([1, 15, 30, ...Array(12).fill(60)]);
			expect(offsets[offsets.length - 2]).toBeLessThan(720);
			expect(offsets[offsets.length - 1]).toBe(766);
			expect(RETRY_OFFSETS_MS.map((ms) => ms / MINUTE)).toEqual(offsets.slice(1));
			expect(attempts.every((a) => !a.ok && a.status === 500)).toBe(true);
			expect(new Set(attempts.map((a) => a.id_message)).size).toBe(1);
			expect(new Set(callback.received.filter((r) => r.method === 'POST').map((r) => r.body)).size).toBe(1);

			expect(sandbox.control.db.subscriptions[0].is_active).toBe(false);
			expect(sandbox.control.outbox()).toEqual([
				expect.objectContaining({
					to: 'ops@example.test',
					id_subscription: 1,
					subject: expect.stringMatching(/disabled/),
				}),
			]);

			// events while disabled are lost
			await sandbox.control.emitEvent('order_new', '/orders/MLOST/');
			await sandbox.control.advance(3600);
			expect(sandbox.control.deliveries().filter((d) => d.kind === 'event')).toHaveLength(attempts.length);
		});

		it('stops retrying once the callback answers 200', async () => {
			await subscribe('order_new');
			let failures = 2;
			callback.respond = ({ method, query }) =>
				method === 'GET'
					? { status: 200, body: query.get('challenge') ?? '' }
					: failures-- > 0
						? { status: 503, body: '' }
						: { status: 200, body: '' };
			await sandbox.control.emitEvent('order_new', '/orders/MTEST/');
			await sandbox.control.advance(13 * 3600);
			const attempts = sandbox.control.deliveries().filter((d) => d.kind === 'event');
			expect(attempts.map((a) => a.ok)).toEqual([false, false, true]);
			expect(sandbox.control.db.subscriptions[0].is_active).toBe(true);
			expect(sandbox.control.outbox()).toEqual([]);
		});
	});
});

describe('sandbox notification retries under a time scale', () => {
	it('runs the whole 12-hour retry schedule in real time at timeScale 36000', async () => {
		const sandbox = await startSandbox({ port: 0, timeScale: 36000 });
		const callback = await startCallbackServer();
		try {
			const api = new TestClient(sandbox);
			await api.post('/subscriptions/', {
				callback_url: callback.url,
				fallback_email: 'ops@example.test',
				event_name: 'return_new',
			});
			callback.respond = ({ method, query }) =>
				method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 502, body: '' };
			await sandbox.control.emitEvent('return_new', '/returns/1/');
			// 12 h of sandbox time = 1.2 s of real time
			const deadline = Date.now() + 10_000;
			while (sandbox.control.outbox().length === 0 && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 50));
			const attempts = sandbox.control.deliveries().filter((d) => d.kind === 'event');
			expect(sandbox.control.outbox()).toHaveLength(1);
			expect(attempts.length).toBe(16);
			expect((attempts[15].scheduledAtMs - attempts[0].scheduledAtMs) / MINUTE).toBe(766);
			expect(sandbox.control.db.subscriptions[0].is_active).toBe(false);
		} finally {
			await sandbox.close();
			await callback.close();
		}
	});
});
