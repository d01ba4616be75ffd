import { useV1Client } from './client';

describe('sandbox orders, order units and pagination', () => {
	const { sandbox, api } = useV1Client({ orders: 40 });
	const db = () => sandbox().control.db;
	const visibleUnits = () => db().orderUnits.filter((u) => !u._fulfilled_by_marketplace);
	const unitIn = (status: string) => visibleUnits().find((u) => u.status === status)!;

	beforeEach(() => sandbox().control.reset());

	describe('collections', () => {
		it('answers the spec example: 25 items at offset 5 → 6-30/total', async () => {
			const total = visibleUnits().length;
			expect(total).toBeGreaterThan(30);
			const response = await api().get('/order-units/seller/?limit=25&offset=5');
			expect(response.status).toBe(200);
			expect(response.headers['hm-collection-range']).toBe(`6-30/${total}`);
			expect(response.json).toHaveLength(25);
		});

		it('gives 0-0/total for an empty page and 1-based ranges for a partial last page', async () => {
			const total = visibleUnits().length;
			const empty = await api().get(`/order-units/seller/?offset=${total + 10}`);
			expect(empty.headers['hm-collection-range']).toBe(`0-0/${total}`);
			expect(empty.json).toEqual([]);
			const last = await api().get(`/order-units/seller/?offset=${total - 2}&limit=30`);
			expect(last.headers['hm-collection-range']).toBe(`${total - 1}-${total}/${total}`);
			const none = await api().get('/order-units/seller/?status=returned_paid');
			expect(none.headers['hm-collection-range']).toBe('0-0/0');
		});

		it('defaults to limit 30 and clamps larger limits to the per-path maximum', async () => {
			const total = visibleUnits().length;
			expect((await api().get('/order-units/seller/')).headers['hm-collection-range']).toBe(`1-30/${total}`);
			const clamped = await api().get('/order-units/seller/?limit=500');
			expect(clamped.json).toHaveLength(30);
			expect(clamped.headers['hm-collection-range']).toBe(`1-30/${total}`);
			const categories = await api().get('/categories/?limit=5000');
			expect(categories.json).toHaveLength(53);
			expect(categories.headers['hm-collection-range']).toBe('1-53/53');
		});

		it.each(['limit=0', 'limit=-1', 'limit=abc', 'offset=-3', 'offset=1.5'])('refuses %s with 400', async (query) => {
			const response = await api().get(`/order-units/seller/?${query}`);
			expect(response.status).toBe(400);
			expect(response.json.message).toMatch(/must be an integer/);
		});

		it('refuses unknown query parameters and unknown embeds', async () => {
			const unknown = await api().get('/order-units/seller/?id_order=M10000');
			expect(unknown.status).toBe(400);
			expect(unknown.json.message).toMatch(/Unknown query parameter 'id_order'/);
			const embed = await api().get(`/order-units/${unitIn('need_to_be_sent').id_order_unit}/?embedded=nonsense`);
			expect(embed.status).toBe(400);
		});

		it('sorts by ts_created descending by default and honours sort=field:asc', async () => {
			const desc = (await api().get('/order-units/seller/?limit=30')).json as Array<{ ts_created: string }>;
			const times = desc.map((u) => u.ts_created);
			expect([...times].sort().reverse()).toEqual(times);
			const asc = (await api().get('/order-units/seller/?sort=ts_created:asc&limit=5')).json as Array<{
				ts_created: string;
			}>;
			expect(asc[0].ts_created <= asc[4].ts_created).toBe(true);
			expect(asc[0].ts_created).toBe(visibleUnits()[0].ts_created);
			expect((await api().get('/order-units/seller/?sort=colour:asc')).status).toBe(400);
		});

		it('filters by comma-separated status values, id_offer and ts_created:from', async () => {
			const both = await api().get('/order-units/seller/?status=sent,cancelled&limit=30');
			const expected = visibleUnits().filter((u) => u.status === 'sent' || u.status === 'cancelled').length;
			expect(both.headers['hm-collection-range']).toMatch(new RegExp(`/${expected}$`));
			expect(new Set(both.json.map((u: { status: string }) => u.status))).toEqual(new Set(['sent', 'cancelled']));

			const middle = visibleUnits()[Math.floor(visibleUnits().length / 2)].ts_created;
			const since = await api().get(`/order-units/seller/?ts_created%3Afrom=${encodeURIComponent(middle)}&limit=30`);
			const newer = visibleUnits().filter((u) => u.ts_created >= middle).length;
			expect(since.headers['hm-collection-range']).toMatch(new RegExp(`/${newer}$`));
			expect((await api().get('/order-units/seller/?ts_created:from=yesterday')).status).toBe(400);

			const offer = visibleUnits()[0].id_offer;
			const byOffer = await api().get(`/order-units/seller/?id_offer=${offer}`);
			expect(byOffer.json.every((u: { id_offer: string }) => u.id_offer === offer)).toBe(true);
		});

		it('lists orders with the list fields only, newest first', async () => {
			const response = await api().get('/orders/seller/?limit=3');
			expect(response.headers['hm-collection-range']).toBe('1-3/40');
			expect(Object.keys(response.json[0]).sort()).toEqual(
				['id_order', 'is_marketplace_deemed_supplier', 'seller_units_count', 'ts_created', 'ts_units_updated'].sort(),
			);
			expect(response.json[0].ts_created >= response.json[1].ts_created).toBe(true);
		});
	});

	describe('marketplace-fulfilled orders', () => {
		it('are in the database but absent from every list', async () => {
			const hidden = db().orders.filter((o) => o._fulfilled_by_marketplace);
			expect(hidden.length).toBeGreaterThanOrEqual(2);
			const orders = await api().get('/orders/seller/?limit=30&offset=0');
			expect(orders.headers['hm-collection-range']).toBe(`1-30/${db().orders.length - hidden.length}`);
			const ids = new Set<string>();
			for (let offset = 0; offset < 200; offset += 30) {
				const page = await api().get(`/order-units/seller/?offset=${offset}`);
				for (const u of page.json) ids.add(u.id_order);
			}
			for (const order of hidden) expect(ids.has(order.id_order)).toBe(false);
		});

		it('answer 403 on single reads and changes', async () => {
			const order = db().orders.find((o) => o._fulfilled_by_marketplace)!;
			const unit = db().orderUnits.find((u) => u.id_order === order.id_order)!;
			expect((await api().get(`/orders/${order.id_order}`)).status).toBe(403);
			expect((await api().get(`/order-units/${unit.id_order_unit}/`)).status).toBe(403);
			const send = await api().patch(`/order-units/${unit.id_order_unit}/send/`, {
				carrier_code: 'DHL',
				tracking_number: '1',
			});
			expect(send.status).toBe(403);
			expect(
				(await api().patch(`/order_units/${unit.id_order_unit}/refund/`, { amount: 1, reason: 'other_refund' })).status,
			).toBe(403);
			expect(unit.status).not.toBe('sent');
		});
	});

	describe('single reads', () => {
		it('reads an order with its units at /orders/{id} (with or without slash) and embeds', async () => {
			const newest = db()
				.orders.filter((o) => !o._fulfilled_by_marketplace)
				.pop()!;
			const plain = await api().get(`/orders/${newest.id_order}`);
			expect(plain.status).toBe(200);
			// the newest seeded order: one unit bought three times plus one other unit
			expect(plain.json.order_units).toHaveLength(4);
			const offers = plain.json.order_units.map((u: { id_offer: string }) => u.id_offer);
			expect(offers.filter((o: string) => o === offers[0])).toHaveLength(3);
			expect(plain.json.buyer).toBeUndefined();
			const embedded = await api().get(`/orders/${newest.id_order}/?embedded=buyer,shipping_address,order_invoices`);
			expect(embedded.json.buyer.email).toMatch(/@/);
			expect(embedded.json.shipping_address.country).toBe('DE');
			expect(embedded.json.order_invoices).toEqual([]);
			expect((await api().get('/orders/NOPE')).status).toBe(404);
		});

		it('reads one order unit with the documented fields and no sandbox internals', async () => {
			const unit = unitIn('need_to_be_sent');
			const response = await api().get(`/order-units/${unit.id_order_unit}/?embedded=tickets,return_unit`);
			expect(response.status).toBe(200);
			expect(response.json).toMatchObject({
				id_order_unit: unit.id_order_unit,
				status: 'need_to_be_sent',
				claim: null,
				tickets: [],
				return_unit: null,
			});
			expect(response.json.item.eans['0']).toMatch(/^\d{13}$/);
			expect(Object.keys(response.json).some((k) => k.startsWith('_'))).toBe(false);
		});
	});

	describe('state changes', () => {
		it('sends a unit once with a known carrier and tracking numbers', async () => {
			const unit = unitIn('need_to_be_sent');
			const path = `/order-units/${unit.id_order_unit}/send/`;
			expect((await api().patch(path, { carrier_code: 'dhl', tracking_number: '1' })).json.message).toMatch(
				/did you mean 'DHL'/,
			);
			expect((await api().patch(path, { carrier_code: 'DHLExpress', tracking_number: '1' })).status).toBe(400);
			expect((await api().patch(path, { carrier_code: 'DHL' })).json.message).toBe('tracking_number is required');
			expect((await api().patch(path, { carrier_code: 'DHL', tracking_number: 'a,,b' })).status).toBe(400);
			expect((await api().patch(path, { carrier_code: 'DHL', trackingNumber: '1' })).json.message).toMatch(
				/unknown field 'trackingNumber'/,
			);
			expect(unit.status).toBe('need_to_be_sent');

			const sent = await api().patch(path, { carrier_code: 'Kuehne & Nagel', tracking_number: '00340434, 00340435' });
			expect(sent.status).toBe(204);
			expect(sent.text).toBe('');
			expect(unit.status).toBe('sent');
			expect(unit._shipment).toMatchObject({ carrier_code: 'Kuehne & Nagel', tracking_number: '00340434,00340435' });

			const again = await api().patch(path, { carrier_code: 'DHL', tracking_number: '1' });
			expect(again.status).toBe(409);
			expect(again.json.message).toMatch(/only units in 'need_to_be_sent' can be sent/);
		});

		it('cancels with a known reason only from need_to_be_sent', async () => {
			const unit = unitIn('need_to_be_sent');
			const path = `/order-units/${unit.id_order_unit}/cancel/`;
			expect((await api().patch(path, { reason: 'OutOfStock' })).status).toBe(400);
			expect((await api().patch(path, {})).status).toBe(400);
			expect((await api().patch(path, { reason: 'NoInventory' })).status).toBe(204);
			expect(unit).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
			expect((await api().patch(path, { reason: 'NoInventory' })).status).toBe(409);
			expect(
				(await api().patch(`/order-units/${unitIn('sent').id_order_unit}/cancel/`, { reason: 'NoInventory' })).status,
			).toBe(409);
		});

		it('confirms fulfilment once', async () => {
			const unit = unitIn('sent');
			const path = `/order-units/${unit.id_order_unit}/fulfil/`;
			expect((await api().patch(path)).status).toBe(204);
			expect(unit._fulfilled_at).not.toBeNull();
			expect((await api().patch(path)).status).toBe(409);
			expect((await api().patch(`/order-units/${unitIn('cancelled').id_order_unit}/fulfil/`)).status).toBe(409);
		});

		it('refunds integer cents up to the price, on both path forms, recording which one', async () => {
			const unit = unitIn('received');
			const underscore = `/order_units/${unit.id_order_unit}/refund/`;
			const hyphen = `/order-units/${unit.id_order_unit}/refund/`;
			expect((await api().patch(underscore, { amount: 0, reason: 'delivery_delay' })).status).toBe(400);
			expect((await api().patch(underscore, { amount: 1.5, reason: 'delivery_delay' })).status).toBe(400);
			expect((await api().patch(underscore, { amount: '100', reason: 'delivery_delay' })).status).toBe(400);
			expect((await api().patch(underscore, { amount: 100, reason: 'late' })).status).toBe(400);
			expect((await api().patch(underscore, { amount: unit.price + 1, reason: 'delivery_delay' })).status).toBe(422);

			sandbox().control.clearRequests();
			expect((await api().patch(underscore, { amount: 100, reason: 'delivery_delay' })).status).toBe(204);
			expect((await api().patch(hyphen, { amount: unit.price - 100, reason: 'other_refund' })).status).toBe(204);
			const over = await api().patch(underscore, { amount: 1, reason: 'other_refund' });
			expect(over.status).toBe(422);
			expect(over.json.message).toMatch(/at most 0/);
			expect(unit._refunds.map((r) => r.path_form)).toEqual(['underscore', 'hyphen']);
			const forms = sandbox()
				.control.requests()
				.map((r) => [r.route, r.refundPathForm]);
			expect(forms.slice(0, 2)).toEqual([
				['PATCH /order_units/{id}/refund/', 'underscore'],
				['PATCH /order_units/{id}/refund/', 'hyphen'],
			]);
			expect(
				(
					await api().patch(`/order_units/${unitIn('cancelled').id_order_unit}/refund/`, {
						amount: 1,
						reason: 'other_refund',
					})
				).status,
			).toBe(409);
		});

		it('answers 404 for unknown units and 405 for a wrong method', async () => {
			expect((await api().patch('/order-units/99/send/', { carrier_code: 'DHL', tracking_number: '1' })).status).toBe(
				404,
			);
			const wrong = await api().post('/order-units/seller/', {});
			expect(wrong.status).toBe(405);
			expect(wrong.headers.allow).toBe('GET');
		});
	});
});
