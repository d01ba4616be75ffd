import { CallbackServer, startCallbackServer, TestClient } from '../v1/client';
import { useV2Client } from './client';

describe('sandbox: one store behind /api/v1 and /v2', () => {
	const { sandbox, api } = useV2Client();
	const v1 = () => new TestClient(sandbox());

	it('an order placed through the control API is visible through both APIs, each in its own shape', async () => {
		const placed = await api().control('POST', '/orders', {
			units: [{ id_unit: 500001, quantity: 2 }],
			storefront: 'de',
			id_order: 'MSHARED1',
		});
		expect(placed.status).toBe(201);
		const [first, second] = placed.json.orderUnits;

		const viaV1 = await v1().get('/orders/MSHARED1/');
		expect(viaV1.status).toBe(200);
		expect(viaV1.json).toMatchObject({
			id_order: 'MSHARED1',
			seller_units_count: 2,
			ts_created: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
		});
		expect(viaV1.json.order_units.map((u: { id_order_unit: number }) => u.id_order_unit)).toEqual([
			first.id_order_unit,
			second.id_order_unit,
		]);
		expect(viaV1.json).not.toHaveProperty('storefront');

		const viaV2 = await api().get('/orders/MSHARED1');
		expect(viaV2.status).toBe(200);
		expect(viaV2.json.data).toMatchObject({
			id_order: 'MSHARED1',
			storefront: 'de',
			fulfillment_type: 'fulfilled_by_merchant',
			ts_created_iso: `${viaV1.json.ts_created.replace(' ', 'T')}Z`,
		});
		expect(viaV2.json.data.order_units.map((u: { id_order_unit: number }) => u.id_order_unit)).toEqual([
			first.id_order_unit,
			second.id_order_unit,
		]);
		expect(viaV2.json.data).not.toHaveProperty('seller_units_count');

		const newestV2 = await api().get('/orders?limit=1');
		expect(newestV2.json.data[0].id_order).toBe('MSHARED1');
		const newestV1 = await v1().get('/orders/seller/?limit=1');
		expect(newestV1.json[0].id_order).toBe('MSHARED1');
	});

	it('a change through one API is what the other reads', async () => {
		const { orderUnits } = await sandbox().control.createOrder({ units: [{ id_unit: 500001 }] });
		const id = orderUnits[0].id_order_unit;
		expect(
			(await api().patch(`/order-units/${id}/send`, { tracking_numbers: 'JJD1', carrier_code: 'Hermes' })).status,
		).toBe(204);
		const viaV1 = await v1().get(`/order-units/${id}/`);
		expect(viaV1.json.status).toBe('sent');
		expect(viaV1.json).not.toHaveProperty('_shipment');

		const { orderUnits: more } = await sandbox().control.createOrder({ units: [{ id_unit: 500002 }] });
		expect((await v1().patch(`/order-units/${more[0].id_order_unit}/cancel/`, { reason: 'NoInventory' })).status).toBe(
			204,
		);
		const viaV2 = await api().get(`/order-units/${more[0].id_order_unit}`);
		expect(viaV2.json.data).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });

		const created = await api().post('/units?storefront=de', {
			id_offer: 'BOTH-1',
			ean: '4006380100459',
			listing_price: 1234,
			handling_time: 1,
			condition: 'USED___GOOD',
		});
		const unitV1 = await v1().get(`/units/${created.json.data.id_unit}/`);
		expect(unitV1.json).toMatchObject({
			id_offer: 'BOTH-1',
			listing_price: 1234,
			condition: 'used - good',
			id_item: created.json.data.id_product,
		});
		expect(Object.keys(unitV1.json).filter((key) => key.startsWith('_'))).toEqual([]);
	});

	it('records in other storefronts belong to v2 only by storefront; v1 (kaufland.de only, no storefronts) sees them all', async () => {
		const { order } = await sandbox().control.createOrder({ storefront: 'cz', id_order: 'MCZ1' });
		expect((await v1().get(`/orders/${order.id_order}/`)).status).toBe(200);
		expect((await api().get('/orders?storefront=cz&limit=1')).json.data[0]).toMatchObject({
			id_order: 'MCZ1',
			storefront: 'cz',
		});
		expect(
			(await api().get('/orders?storefront=de')).json.data.map((o: { id_order: string }) => o.id_order),
		).not.toContain('MCZ1');
		expect((await api().control('POST', '/orders', { storefront: 'uk' })).status).toBe(400);
	});

	describe('subscriptions', () => {
		let callback: CallbackServer;
		beforeEach(async () => {
			callback = await startCallbackServer();
		});
		afterEach(async () => {
			await callback.close();
		});

		it('one event reaches a v1 and a v2 subscription, each in its own format; both APIs list both', async () => {
			const body = { callback_url: callback.url, fallback_email: 'ops@example.test', event_name: 'order_new' };
			expect((await v1().post('/subscriptions/', body)).status).toBe(201);
			expect((await api().post('/subscriptions?storefront=de', body)).status).toBe(201);
			const { order } = await sandbox().control.createOrder();
			await sandbox().control.flushNotifications();
			const posts = callback.received.filter((r) => r.method === 'POST');
			expect(posts).toHaveLength(2);
			const v1Post = posts.find((p) => p.headers['hm-signature'])!;
			const v2Post = posts.find((p) => p.headers['shop-signature'])!;
			expect(JSON.parse(v1Post.body)).toEqual({
				event_name: 'order_new',
				resource: `/orders/${order.id_order}/`,
				id_message: expect.any(String),
				payload: '[]',
			});
			expect(JSON.parse(v2Post.body)).toEqual({
				event_name: 'order_new',
				id_message: expect.any(String),
				resource: `/orders/${order.id_order}/`,
				storefront: 'de',
				payload: [],
			});

			expect(
				(await api().get('/subscriptions')).json.data.map((s: { storefront: string | null }) => s.storefront),
			).toEqual([null, 'de']);
			expect((await v1().get('/subscriptions/seller/')).json).toHaveLength(2);
		});
	});
});
