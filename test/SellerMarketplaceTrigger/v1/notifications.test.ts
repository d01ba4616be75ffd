/**
 * Seller Marketplace Trigger, receiving side: the challenge, signature and timestamp checks, malformed and
 * forged notifications, repeats, unselected events and Fetch Resource, through n8n-core's real
 * WebhookContext (test/harness/webhook-host.ts) against the sandbox, which signs what it sends.
 */
import { useTestbed } from '../testbed';
import { rawRequest } from '../../sandbox/v1/client';

const bed = useTestbed(1);
const { notification } = bed;

describe('verification challenge (GET)', () => {
	it('answers mode=subscribe with exactly the challenge as text/plain', async () => {
		const host = await bed.activeHost();
		const response = await rawRequest(`${host.url()}?mode=subscribe&challenge=Zx81-abc`, 'GET', {}, '');
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^text\/plain/);
		expect(response.text).toBe('Zx81-abc');
		expect(host.executions).toHaveLength(0);
	});

	it.each([['?mode=subscribe'], ['?challenge=abc'], ['?mode=unsubscribe&challenge=abc'], ['']])(
		'refuses %p with 400 and starts nothing',
		async (query) => {
			const host = await bed.activeHost();
			const response = await rawRequest(`${host.url()}${query}`, 'GET', {}, '');
			expect(response.status).toBe(400);
			expect(host.executions).toHaveLength(0);
		},
	);
});

describe('notifications (POST)', () => {
	it('emits a notification the sandbox signed, with the ids parsed from the resource', async () => {
		const host = await bed.activeHost();
		await bed.sandbox.control.emitEvent('order_unit_status_changed', '/order-units/4711/', '[]');
		await bed.sandbox.control.flushNotifications();
		expect(host.executions).toHaveLength(1);
		expect(host.executions[0].items[0]).toMatchObject({
			event_name: 'order_unit_status_changed',
			resource: '/order-units/4711/',
			id_order_unit: 4711,
		});
		expect(host.executions[0].items[0]).not.toHaveProperty('data');
	});

	it('refuses a forged signature (another secret) with 401 and no execution', async () => {
		const host = await bed.activeHost();
		const response = await bed.post(host, bed.signed(host, notification(), { secret: 'f'.repeat(64) }));
		expect(response.status).toBe(401);
		expect(host.executions).toHaveLength(0);
	});

	it('refuses a signature made for another URL or over another body', async () => {
		const host = await bed.activeHost();
		const body = notification();
		expect((await bed.post(host, bed.signed(host, body, { url: 'https://elsewhere.example/webhook' }))).status).toBe(
			401,
		);
		expect(
			(await bed.post(host, { ...bed.signed(host, body), body: notification({ resource: '/orders/OTHER1/' }) })).status,
		).toBe(401);
		expect(host.executions).toHaveLength(0);
	});

	it('refuses an unsigned notification with 401 and no execution', async () => {
		const host = await bed.activeHost();
		expect((await bed.post(host, { body: notification() })).status).toBe(401);
		const { signature: _dropped, ...withoutSignature } = bed.signed(host, notification());
		expect((await bed.post(host, withoutSignature)).status).toBe(401);
		expect(host.executions).toHaveLength(0);
	});

	it('starts nothing for a replayed delivery (same id_message)', async () => {
		const host = await bed.activeHost();
		await bed.sandbox.control.createOrder();
		await bed.sandbox.control.flushNotifications();
		expect(host.executions).toHaveLength(1);
		const delivery = bed.sandbox.control.deliveries().find((d) => d.kind === 'event')!;

		// the marketplace retries with the same id_message (and a fresh signature)
		const replay = await bed.post(host, bed.signed(host, delivery.requestBody));
		expect(replay.status).toBe(200);
		// a byte-identical replay of the original request as well
		const identical = await bed.post(host, {
			body: delivery.requestBody,
			timestamp: delivery.requestHeaders['HM-Timestamp'],
			signature: delivery.requestHeaders['HM-Signature'],
		});
		expect(identical.status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('starts nothing for a retry that arrives while the first delivery is still being answered', async () => {
		// n8n gives each webhook call its own copy of the static data: a retry in flight at the same time
		// cannot see the first call's id there, only in the process.
		const host = await bed.activeHost({ options: { fetchResource: true } });
		const order = bed.sandbox.control.db.orders.find((candidate) => !candidate._fulfilled_by_marketplace)!;
		bed.sandbox.control.addFault({ method: 'GET', path: `/orders/${order.id_order}`, kind: 'latency', latencyMs: 400 });
		try {
			const body = notification({ resource: `/orders/${order.id_order}/`, id_message: 'slow-then-retried' });
			const first = bed.post(host, bed.signed(host, body));
			await new Promise((resolve) => setTimeout(resolve, 100));
			const retry = await bed.post(host, bed.signed(host, body));
			expect(retry.status).toBe(200);
			expect((await first).status).toBe(200);
			expect(host.executions).toHaveLength(1);
		} finally {
			bed.sandbox.control.clearFaults();
		}
	});

	it.each([
		['not JSON', '{"event_name": "order_new", '],
		['a JSON array', '[]'],
		['no event_name', JSON.stringify({ resource: '/orders/MABC123/', id_message: 'x1', payload: '[]' })],
		['no id_message', JSON.stringify({ event_name: 'order_new', resource: '/orders/MABC123/', payload: '[]' })],
		['no resource', JSON.stringify({ event_name: 'order_new', id_message: 'x2', payload: '[]' })],
	])('refuses a malformed notification (%s) with 400 and no execution', async (_case, body) => {
		const host = await bed.activeHost();
		const response = await bed.post(host, bed.signed(host, body));
		expect(response.status).toBe(400);
		expect(host.executions).toHaveLength(0);
	});

	it.each([
		'https://evil.example/orders/MABC123/',
		'//evil.example/orders/MABC123/',
		'http://127.0.0.1:1/orders/MABC123/',
		'/orders/../status/ping/',
		'/orders/%2e%2e/status/',
		'/orders/MABC123/../../x/',
		'/orders/MABC%2F123/',
		'/orders/MABC123/?x=1',
		'/order-units/abc/',
		'/subscriptions/1/',
		'/orders/MABC123/@evil.example/',
	])('refuses the resource %p even when correctly signed, and reads nothing', async (resource) => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		bed.sandbox.control.clearRequests();
		await bed.sandbox.control.emitEvent('order_new', resource);
		await bed.sandbox.control.flushNotifications();
		const delivery = bed.sandbox.control.deliveries().find((d) => d.kind === 'event')!;
		expect(delivery.status).toBe(400);
		expect(host.executions).toHaveLength(0);
		expect(bed.reads()).toHaveLength(0);
	});

	it('answers 200 and starts nothing for an event that is not selected', async () => {
		const host = await bed.activeHost({ events: ['order_unit_status_changed'] });
		const response = await bed.post(host, bed.signed(host, notification({ event_name: 'order_new' })));
		expect(response.status).toBe(200);
		expect(host.executions).toHaveLength(0);
	});
});

describe('Fetch Resource', () => {
	it('adds the changed order, read through the signed transport', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		const { order } = await bed.sandbox.control.createOrder();
		await bed.sandbox.control.flushNotifications();
		const [item] = host.executions[0].items;
		expect(item.data).toMatchObject({ id_order: order.id_order });
		const read = bed.reads().find((r) => r.path === `/orders/${order.id_order}`)!;
		expect(read.signatureValid).toBe(true);
	});

	it('emits the event with fetch_error when the read does not finish within the budget', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true, fetchTimeoutSeconds: 1 } });
		bed.sandbox.control.addFault({ method: 'GET', path: '/orders/*', kind: 'latency', latencyMs: 1500 });
		const started = Date.now();
		const response = await bed.post(host, bed.signed(host, notification({ resource: '/orders/MABC123/' })));
		const took = Date.now() - started;
		expect(response.status).toBe(200);
		expect(took).toBeLessThan(2500);
		const [item] = host.executions[0].items;
		expect(item).not.toHaveProperty('data');
		expect(item.fetch_error).toMatchObject({ note: expect.stringContaining('/orders/MABC123') });
		// two attempts (the first and one retry) were cut off by their timeouts
		expect(bed.reads().filter((r) => r.path === '/orders/MABC123')).toHaveLength(2);
		// let the sandbox's delayed handling of both run out before it is reset and closed
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 2300 - Date.now())));
	});

	it('emits the event with fetch_error when the resource does not exist', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		expect((await bed.post(host, bed.signed(host, notification({ resource: '/orders/NOSUCH1/' })))).status).toBe(200);
		expect(host.executions[0].items[0].fetch_error).toMatchObject({ message: expect.stringContaining('NOSUCH1') });
	});
});
