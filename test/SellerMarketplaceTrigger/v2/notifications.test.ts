/**
 * Seller Marketplace Trigger version 2, receiving side, through n8n-core's real WebhookContext against the v2
 * sandbox: every event as the sandbox sends it, the Shop-Signature check, forged, replayed, stale and
 * deep notifications, resource paths that would bend the read, the storefront.
 */
import { SUBSCRIPTION_EVENT_NAMES } from '../../../nodes/api/v2/enums';
import { REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { rawRequest } from '../../sandbox/v1/client';
import { nowSeconds, useTestbed } from '../testbed';

const bed = useTestbed(2, { events: [...SUBSCRIPTION_EVENT_NAMES] });
const { notification } = bed;

/** A resource of each kind the sandbox knows, for emitting every event. */
const RESOURCE_OF: Record<string, [string, string, string | number]> = {
	order_new: ['/orders/M10011/', 'id_order', 'M10011'],
	order_unit_new: ['/order-units/1000001/', 'id_order_unit', 1000001],
	order_unit_status_changed: ['/order-units/1000001/', 'id_order_unit', 1000001],
	item_changed: ['/products/10001/', 'id_product', 10001],
	category_changed: ['/categories/15/', 'id_category', 15],
	return_new: ['/returns/1/', 'id_return', 1],
	return_status_changed: ['/returns/1/', 'id_return', 1],
	return_unit_status_changed: ['/return-units/1/', 'id_return_unit', 1],
	buy_box_changed: ['/products/10002/', 'id_product', 10002],
};
const resourceOf = (event: string): [string, string, string | number] =>
	RESOURCE_OF[event] ?? ['/units/500001/', 'id_unit', 500001];

describe('every v2 event, as the sandbox sends it', () => {
	it('subscribes all 17 events and emits each one with its id, storefront and payload', async () => {
		const host = await bed.activeHost();
		expect(bed.sandbox.control.db.subscriptions.map((s) => s.event_name).sort()).toEqual(
			[...SUBSCRIPTION_EVENT_NAMES].sort(),
		);
		for (const event of SUBSCRIPTION_EVENT_NAMES) {
			const [resource] = resourceOf(event);
			await bed.sandbox.control.emitEvent(
				event,
				resource,
				event === 'buy_box_changed' ? '{"buy_box_change":"lost"}' : undefined,
				{ storefront: 'de' },
			);
		}
		await bed.sandbox.control.flushNotifications();
		const deliveries = bed.sandbox.control.deliveries().filter((d) => d.kind === 'event');
		expect(deliveries.map((d) => d.status)).toEqual(Array(17).fill(200));
		const items = host.executions.map((execution) => execution.items[0]);
		expect(items.map((item) => item.event_name)).toEqual([...SUBSCRIPTION_EVENT_NAMES]);
		for (const item of items) {
			const [resource, idField, id] = resourceOf(String(item.event_name));
			expect(item).toMatchObject({ resource, [idField]: id, storefront: 'de', verified_by: 'signature' });
		}
		// unit events carry the unit (the sandbox's v2 shape), others an empty payload unless given
		expect(items.find((item) => item.event_name === 'item_unit_changed')!.payload).toMatchObject({
			id_unit: 500001,
			id_offer: 'SKU-00001',
		});
		expect(items.find((item) => item.event_name === 'order_new')!.payload).toEqual([]);
		expect(items.find((item) => item.event_name === 'buy_box_changed')!.payload).toEqual({ buy_box_change: 'lost' });
		expect(bed.reads()).toEqual([]);
	});

	it("takes a Buy Box resource in the documentation's query form as its product", async () => {
		const host = await bed.activeHost();
		const body = notification({ event_name: 'buy_box_changed', resource: '/buybox?id_product=10002&condition=new' });
		expect((await bed.post(host, bed.signed(host, body))).status).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({
			resource: '/buybox?id_product=10002&condition=new',
			id_product: 10002,
		});
	});
});

describe('the Shop-Signature check', () => {
	it('refuses a forged signature (another secret), another URL or another body with 401', async () => {
		const host = await bed.activeHost();
		const body = notification();
		const answers = [
			await bed.post(host, bed.signed(host, body, { secret: 'f'.repeat(64) })),
			await bed.post(host, bed.signed(host, body, { url: 'https://elsewhere.example/webhook' })),
			await bed.post(host, { ...bed.signed(host, body), body: notification({ resource: '/orders/OTHER/' }) }),
		];
		expect(answers.map((answer) => [answer.status, answer.json])).toEqual(Array(3).fill([401, REFUSED.body]));
		expect(host.calls.filter((call) => call.method === 'POST').map((call) => call.log.join())).toEqual(
			Array(3).fill(expect.stringContaining('Shop-Signature does not match')),
		);
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});

	it('does not accept the v1 header names', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } });
		const delivery = bed.signed(host, notification());
		const response = await rawRequest(
			host.url(),
			'POST',
			{ 'Content-Type': 'application/json', 'HM-Timestamp': delivery.timestamp!, 'HM-Signature': delivery.signature! },
			delivery.body,
		);
		expect(response.status).toBe(401);
		expect(response.json).toEqual(REFUSED.body);
		expect(host.calls.at(-1)!.log.join()).toContain('Shop-Timestamp or Shop-Signature header missing');
	});

	it('refuses a stale (older than 13 h) or far-future timestamp even when the signature matches', async () => {
		const host = await bed.activeHost();
		const stale = await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() - 14 * 3600 }));
		expect(stale.status).toBe(401);
		expect(stale.json.error).toMatch(
			/^Shop-Timestamp is \d+ s behind this server's clock \(\d{4}-[\d-]+T[\d:.]+Z\), more than the 46800 s Max Timestamp Age allows$/,
		);
		expect((await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() + 16 * 60 }))).status).toBe(
			401,
		);
		// a retry keeping its first timestamp, 12 h later, still runs
		expect(
			(
				await bed.post(
					host,
					bed.signed(host, notification({ id_message: 'late' }), { timestamp: nowSeconds() - 12 * 3600 }),
				)
			).status,
		).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['late']);
	});

	it('starts nothing for a replayed delivery, byte-identical or re-signed', async () => {
		const host = await bed.activeHost({ events: ['order_new'] });
		await bed.sandbox.control.createOrder({ storefront: 'de' });
		await bed.sandbox.control.flushNotifications();
		const delivery = bed.sandbox.control.deliveries().find((d) => d.kind === 'event')!;
		const identical = await bed.post(host, {
			body: delivery.requestBody,
			timestamp: delivery.requestHeaders['Shop-Timestamp'],
			signature: delivery.requestHeaders['Shop-Signature'],
		});
		expect(identical.json).toEqual({
			received: true,
			ignored: `id_message ${delivery.id_message} was already received`,
		});
		expect((await bed.post(host, bed.signed(host, delivery.requestBody))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('keeps test-mode deliveries apart: each listener runs what reached its own URL', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } });
		await host.listen();
		const body = notification({ id_message: 'both' });
		expect((await bed.post(host, bed.signed(host, body, { url: host.url('test') }), 'test')).status).toBe(200);
		expect((await bed.post(host, bed.signed(host, body))).status).toBe(200);
		expect(host.executionsOf('test')).toHaveLength(1);
		expect(host.executionsOf('production')).toHaveLength(1);
		await host.stopListening();
	});
});

describe('malformed and hostile notifications', () => {
	it.each([
		['not JSON', '{"event_name": "order_new", '],
		[
			'no storefront',
			JSON.stringify({ event_name: 'order_new', id_message: 'x1', resource: '/orders/M10011/', payload: [] }),
		],
		['an unknown storefront', notification({ storefront: 'xx' })],
		['a storefront that is not text', notification({ storefront: ['de'] })],
	])('refuses %s with 400', async (_case, body) => {
		const host = await bed.activeHost();
		expect((await bed.post(host, bed.signed(host, body))).status).toBe(400);
		expect(host.executions).toEqual([]);
	});

	it('refuses a signed notification nested deeper than 32 levels, reading nothing', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		const deep = `{"event_name":"order_new","id_message":"deep","resource":"/orders/M10011/","storefront":"de","payload":${'['.repeat(5000)}${']'.repeat(5000)}}`;
		const response = await bed.post(host, bed.signed(host, deep));
		expect(response.status).toBe(400);
		expect(response.json.error).toMatch(/nested more than 32 levels deep/);
		expect(bed.reads()).toEqual([]);
	});

	it.each([
		'https://evil.example/orders/M10011/',
		'//evil.example/orders/M10011/',
		'/orders/../status/ping/',
		'/orders/%2e%2e/',
		'/orders/M10011/../../x/',
		'/orders/M%2F10011/',
		'/orders/M10011/?embedded=buyer',
		'/order-units/abc/',
		'/subscriptions/1/',
		'/v2/orders/M10011/',
		'/buybox?id_product=1&x=@evil.example',
	])('refuses the resource %p even when signed by the sandbox, reading nothing', async (resource) => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		bed.sandbox.control.clearRequests();
		await bed.sandbox.control.emitEvent(
			resource.startsWith('/buybox') ? 'buy_box_changed' : 'order_new',
			resource,
			undefined,
			{ storefront: 'de' },
		);
		await bed.sandbox.control.flushNotifications();
		expect(bed.sandbox.control.deliveries().find((d) => d.kind === 'event')!.status).toBe(400);
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});
});

describe('Fetch Resource', () => {
	it('reads an order unit without the trailing slash through the signed v2 transport', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		await bed.sandbox.control.emitEvent('order_unit_status_changed', '/order-units/1000001/', undefined, {
			storefront: 'de',
		});
		await bed.sandbox.control.flushNotifications();
		expect(host.executions[0].items[0].data).toMatchObject({ id_order_unit: 1000001, status: expect.any(String) });
		expect(
			bed.reads().map((entry) => [entry.method, entry.rawUrl.replace(/^.*\/v2/, ''), entry.signatureValid]),
		).toEqual([['GET', '/order-units/1000001', true]]);
	});

	it("reads a unit in the notification's storefront", async () => {
		const host = await bed.activeHost({ storefront: 'at', options: { fetchResource: true } });
		const unit = bed.sandbox.control.db.units.find((candidate) => candidate.id_offer === 'SKU-00005')!;
		await bed.sandbox.control.emitEvent('item_unit_changed', `/units/${unit.id_unit}/`);
		await bed.sandbox.control.flushNotifications();
		expect(host.executions[0].items[0]).toMatchObject({
			storefront: 'at',
			data: { id_unit: unit.id_unit, storefront: 'at' },
		});
		expect(bed.reads().map((entry) => entry.rawUrl.replace(/^.*\/v2/, ''))).toEqual([
			`/units/${unit.id_unit}?storefront=at`,
		]);
	});

	it('emits the event with fetch_error when the read does not finish within the budget (the marketplace waits 5 s)', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true, fetchTimeoutSeconds: 1 } });
		bed.sandbox.control.addFault({ method: 'GET', path: '/v2/orders/*', kind: 'latency', latencyMs: 1500 });
		const started = Date.now();
		const response = await bed.post(host, bed.signed(host, notification({ resource: '/orders/M10011/' })));
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeLessThan(2500);
		expect(host.executions[0].items[0].fetch_error).toMatchObject({ note: expect.stringContaining('waits only 5 s') });
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 2300 - Date.now())));
	});
});
