import { problem, useV2Client } from './client';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ORDER_FIELDS = [
	'id_order',
	'ts_created_iso',
	'is_marketplace_deemed_supplier',
	'order_units_count',
	'ts_units_updated_iso',
	'storefront',
	'fulfillment_type',
];
const ORDER_UNIT_FIELDS = [
	'id_order_unit',
	'id_order',
	'ts_created_iso',
	'is_marketplace_deemed_supplier',
	'ts_updated_iso',
	'status',
	'price',
	'id_offer',
	'revenue_gross',
	'revenue_net',
	'note',
	'unit_condition',
	'storefront',
	'currency',
	'delivery_time_min',
	'delivery_time_max',
	'delivery_time_expires_iso',
	'order_received_timestamp_iso',
	'shipping_rate',
	'cancel_reason',
	'fulfillment_type',
	'buyer',
	'billing_address',
	'shipping_address',
	'product',
	'vat',
	'discounts',
];

const iso = (v1: string) => `${v1.replace(' ', 'T')}Z`;
const ids = (rows: Array<{ id_order?: string; id_order_unit?: number }>) =>
	rows.map((r) => r.id_order ?? r.id_order_unit);

describe('sandbox API v2: orders', () => {
	const { sandbox, api } = useV2Client();
	const db = () => sandbox().control.db;
	const merchantOrders = () => db().orders.filter((o) => !o._fulfilled_by_marketplace);
	const newestFirst = <T extends { ts_created: string }>(rows: T[]) =>
		[...rows].sort((a, b) => b.ts_created.localeCompare(a.ts_created));

	it('lists the merchant-fulfilled orders of every storefront, newest first, in the v2 shape', async () => {
		const response = await api().get('/orders');
		expect(response.status).toBe(200);
		const expected = newestFirst(merchantOrders());
		expect(response.json.pagination).toEqual({ offset: 0, limit: 30, total: expected.length });
		expect(ids(response.json.data)).toEqual(ids(expected));
		const [first] = response.json.data;
		const order = expected[0];
		expect(first).toEqual({
			id_order: order.id_order,
			ts_created_iso: iso(order.ts_created),
			is_marketplace_deemed_supplier: false,
			order_units_count: db().orderUnits.filter((u) => u.id_order === order.id_order).length,
			ts_units_updated_iso: iso(order.ts_units_updated),
			storefront: 'de',
			fulfillment_type: 'fulfilled_by_merchant',
		});
		expect(Object.keys(first)).toEqual(ORDER_FIELDS);
		expect(new Set(response.json.data.map((o: { storefront: string }) => o.storefront))).toEqual(
			new Set(['de', 'at', 'cz']),
		);
	});

	it('filters by storefront, fulfilment type and time', async () => {
		const cz = await api().get('/orders?storefront=cz');
		expect(ids(cz.json.data)).toEqual(ids(newestFirst(merchantOrders().filter((o) => o._storefront === 'cz'))));
		expect(cz.json.data.length).toBeGreaterThan(0);

		const fbk = await api().get('/orders?fulfillment_type=fulfilled_by_kaufland');
		expect(ids(fbk.json.data).sort()).toEqual(ids(db().orders.filter((o) => o._fulfilled_by_marketplace)).sort());
		expect(
			fbk.json.data.every((o: { fulfillment_type: string }) => o.fulfillment_type === 'fulfilled_by_kaufland'),
		).toBe(true);
		const both = await api().get(
			'/orders?fulfillment_type=fulfilled_by_kaufland&fulfillment_type=fulfilled_by_merchant',
		);
		expect(both.json.pagination.total).toBe(db().orders.length);

		const fifth = newestFirst(merchantOrders())[4];
		const since = await api().get(`/orders?ts_created_from_iso=${iso(fifth.ts_created)}`);
		expect(ids(since.json.data)).toEqual(ids(newestFirst(merchantOrders()).slice(0, 5)));
		// the same instant written with an offset
		const plusTwo = `${new Date(Date.parse(iso(fifth.ts_created)) + 2 * 3600_000).toISOString().slice(0, 19)}+02:00`;
		const offset = await api().get(`/orders?ts_created_from_iso=${encodeURIComponent(plusTwo)}`);
		expect(ids(offset.json.data)).toEqual(ids(since.json.data));

		const touched = await api().get(`/orders?ts_units_updated_from_iso=${iso(fifth.ts_units_updated)}`);
		expect(touched.json.pagination.total).toBe(
			merchantOrders().filter((o) => o.ts_units_updated >= fifth.ts_units_updated).length,
		);
	});

	it('refuses a storefront the seller has not set up', async () => {
		const response = await api().get('/orders?storefront=fr');
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem('/problems/storefront-not-configured', ['storefront']));
		expect(response.json.message).toBe("storefront 'fr' is not set up for this seller (set up: de, at, cz)");
	});

	it('reads one order with its units, addresses and buyer; invoices and delivery when embedded', async () => {
		const invoice = db().orderInvoices[0];
		const order = db().orders.find((o) => o.id_order === invoice.id_order)!;
		const plain = await api().get(`/orders/${order.id_order}`);
		expect(plain.status).toBe(200);
		const data = plain.json.data;
		expect(Object.keys(data)).toEqual([
			'id_order',
			'ts_created_iso',
			'is_marketplace_deemed_supplier',
			'storefront',
			'fulfillment_type',
			'order_units',
			'billing_address',
			'shipping_address',
			'buyer',
		]);
		expect(data.buyer).toEqual(order.buyer);
		const { gender: _gender, ...address } = order.billing_address;
		expect(data.billing_address).toEqual(address);
		const units = db().orderUnits.filter((u) => u.id_order === order.id_order);
		expect(ids(data.order_units)).toEqual(ids(units));
		expect(data.order_units[0]).toMatchObject({
			storefront: 'de',
			currency: 'EUR',
			shipping_rate: 495,
			tickets: expect.any(Array),
			discounts: [],
		});
		expect(data.order_units[0].product).toMatchObject({
			id_product: units[0].item.id_item,
			title: units[0].item.title,
			storefront: 'de',
		});

		const embedded = await api().get(`/orders/${order.id_order}?embedded=order_invoices%2Cdelivery`);
		expect(embedded.json.data.order_invoices).toEqual([
			{
				id_invoice: invoice.id_invoice,
				id_order: order.id_order,
				storefront: 'de',
				is_marketplace_deemed_supplier: false,
				original_name: invoice.original_name,
				mime_type: 'application/pdf',
				url: invoice.url,
				ts_created_iso: iso(invoice.ts_created),
			},
		]);
		expect(embedded.json.data.delivery).toEqual({ pickup_location: null });
	});

	it('reads a marketplace-fulfilled order (v1 answered 403) and answers 404 for an unknown one', async () => {
		const fbk = db().orders.find((o) => o._fulfilled_by_marketplace)!;
		const response = await api().get(`/orders/${fbk.id_order}`);
		expect(response.status).toBe(200);
		expect(response.json.data.fulfillment_type).toBe('fulfilled_by_kaufland');
		const missing = await api().get('/orders/MNOPE');
		expect(missing.status).toBe(404);
		expect(missing.json).toEqual(problem('/problems/not-found'));
		const encoded = await api().get('/orders/M10011%2F..');
		expect(encoded.status).toBe(404);
		expect(encoded.json.message).toBe('Order M10011/.. not found');
	});

	it('shows the currency of the storefront', async () => {
		const cz = db().orders.find((o) => o._storefront === 'cz')!;
		const response = await api().get(`/orders/${cz.id_order}`);
		expect(response.json.data.storefront).toBe('cz');
		expect(
			response.json.data.order_units.every(
				(u: { currency: string; storefront: string }) => u.currency === 'CZK' && u.storefront === 'cz',
			),
		).toBe(true);
	});
});

describe('sandbox API v2: order units', () => {
	const { sandbox, api } = useV2Client();
	const db = () => sandbox().control.db;
	const merchantUnits = () => db().orderUnits.filter((u) => !u._fulfilled_by_marketplace);
	const unitIn = (status: string) => merchantUnits().find((u) => u.status === status)!;
	const record = (id: number) => db().orderUnits.find((u) => u.id_order_unit === id)!;

	it('lists merchant units newest first in the v2 shape, filtered by status, offer and time, sorted as asked', async () => {
		const all = await api().get('/order-units?limit=100');
		expect(all.json.pagination.total).toBe(merchantUnits().length);
		expect(Object.keys(all.json.data[0])).toEqual(ORDER_UNIT_FIELDS);
		expect(all.json.data[0].ts_created_iso).toMatch(ISO);
		const { gender: _g, ...shippingAddress } = merchantUnits()[0].shipping_address;
		const first = all.json.data.find(
			(u: { id_order_unit: number }) => u.id_order_unit === merchantUnits()[0].id_order_unit,
		);
		expect(first.shipping_address).toEqual(shippingAddress);

		const sentOrReceived = await api().get('/order-units?status=sent&status=received&limit=100');
		expect(ids(sentOrReceived.json.data).sort()).toEqual(
			ids(merchantUnits().filter((u) => u.status === 'sent' || u.status === 'received')).sort(),
		);

		const offer = await api().get('/order-units?id_offer=SKU-00001&limit=100');
		expect(offer.json.data.length).toBeGreaterThan(0);
		expect(offer.json.pagination.total).toBe(merchantUnits().filter((u) => u.id_offer === 'SKU-00001').length);

		const byUpdate = await api().get('/order-units?sort=ts_updated:desc&limit=100');
		const updated = byUpdate.json.data.map((u: { ts_updated_iso: string }) => u.ts_updated_iso);
		expect(updated).toEqual([...updated].sort().reverse());

		const cutoff = merchantUnits()
			.map((u) => u.ts_updated)
			.sort()
			.reverse()[3];
		const recent = await api().get(`/order-units?ts_updated_from_iso=${iso(cutoff)}&limit=100`);
		expect(recent.json.pagination.total).toBe(merchantUnits().filter((u) => u.ts_updated >= cutoff).length);
	});

	it('reads one unit; embedded fields appear only when asked for', async () => {
		const ticket = db().tickets[0];
		const id = Number(ticket.ids_order_unit[0]);
		const plain = await api().get(`/order-units/${id}`);
		expect(Object.keys(plain.json.data)).toEqual(ORDER_UNIT_FIELDS);
		const full = await api().get(
			`/order-units/${id}?embedded=tickets%2Creturn_unit%2Cdelivery%2Ckss_delivery%2Cshipping_group%2Cdelivery_attempt_timestamp_iso`,
		);
		const data = full.json.data;
		expect(data.tickets).toEqual([
			expect.objectContaining({
				id_ticket: ticket.id_ticket,
				ids_order_units: [id],
				status: ticket.status,
				fulfillment_type: 'fulfilled_by_merchant',
			}),
		]);
		expect(data.return_unit).toBeNull();
		expect(data.delivery).toEqual({ pickup_location: null });
		expect(data.kss_eligible).toBe(false);
		expect(data.shipping_group).toEqual({ id_shipping_group: expect.any(Number) });
		expect(data.delivery_attempt_timestamp_iso).toBe(iso(record(id)._shipment!.ts));

		const returned = db().returnUnits[0];
		const withReturn = await api().get(`/order-units/${returned.id_order_unit}?embedded=return_unit`);
		expect(withReturn.json.data.return_unit).toMatchObject({
			id_return_unit: returned.id_return_unit,
			id_return: returned.id_return,
			status: returned.status,
		});
	});

	describe('send', () => {
		it('marks a unit sent, once', async () => {
			const unit = unitIn('need_to_be_sent');
			const before = record(unit.id_order_unit).ts_updated;
			const path = `/order-units/${unit.id_order_unit}/send`;
			const response = await api().patch(path, {
				tracking_numbers: '00340434161234567890, 00340434169876543210',
				carrier_code: 'DHL',
			});
			expect(response.status).toBe(204);
			expect(response.text).toBe('');
			expect(record(unit.id_order_unit)).toMatchObject({
				status: 'sent',
				_shipment: { carrier_code: 'DHL', tracking_number: '00340434161234567890,00340434169876543210' },
			});
			const read = await api().get(`/order-units/${unit.id_order_unit}`);
			expect(read.json.data.status).toBe('sent');
			expect(read.json.data.ts_updated_iso >= iso(before)).toBe(true);

			const again = await api().patch(path, { tracking_numbers: '1', carrier_code: 'DHL' });
			expect(again.status).toBe(403);
			expect(again.json).toEqual(problem('/problems/duplicate-action'));
			expect(again.json.message).toBe(`Order unit ${unit.id_order_unit} is already 'sent'; it cannot be sent again`);
			expect(record(unit.id_order_unit)._shipment!.tracking_number).toBe('00340434161234567890,00340434169876543210');
		});

		it('refuses other statuses, unknown carriers, empty tracking numbers and marketplace-fulfilled units', async () => {
			const cancelled = unitIn('cancelled');
			const refused = await api().patch(`/order-units/${cancelled.id_order_unit}/send`, {
				tracking_numbers: '1',
				carrier_code: 'DHL',
			});
			expect(refused.status).toBe(403);
			expect(refused.json).toEqual(problem('/problems/action-not-allowed'));

			const open = unitIn('need_to_be_sent');
			const path = `/order-units/${open.id_order_unit}/send`;
			const carrier = await api().patch(path, { tracking_numbers: '1', carrier_code: 'dhl ' });
			expect(carrier.status).toBe(400);
			expect(carrier.json.errors).toEqual([
				{
					field: 'carrier_code',
					message:
						"'dhl ' is not a carrier code of GET /carriers (did you mean 'DHL'? codes are case and space sensitive)",
				},
			]);
			const empty = await api().patch(path, { tracking_numbers: '1,,2', carrier_code: 'DHL' });
			expect(empty.json).toEqual(problem('/problems/validation-error', ['tracking_numbers']));
			const blank = await api().patch(path, { tracking_numbers: '', carrier_code: 'DHL' });
			expect(blank.status).toBe(400);
			expect(record(open.id_order_unit).status).toBe('need_to_be_sent');

			const fbk = db().orderUnits.find((u) => u._fulfilled_by_marketplace)!;
			const marketplace = await api().patch(`/order-units/${fbk.id_order_unit}/send`, {
				tracking_numbers: '1',
				carrier_code: 'DHL',
			});
			expect(marketplace.status).toBe(403);
			expect(marketplace.json.message).toMatch(/fulfilled by the marketplace/);
			expect(
				(await api().patch('/order-units/99999999/send', { tracking_numbers: '1', carrier_code: 'DHL' })).status,
			).toBe(404);
		});
	});

	describe('cancel', () => {
		it('cancels an open or to-be-sent unit with a v2 reason, once; not a sent one', async () => {
			const unit = unitIn('need_to_be_sent');
			const path = `/order-units/${unit.id_order_unit}/cancel`;
			expect((await api().patch(path, { reason: 'NoInventory' })).status).toBe(204);
			expect(record(unit.id_order_unit)).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
			const again = await api().patch(path, { reason: 'NoInventory' });
			expect(again.status).toBe(403);
			expect(again.json).toEqual(problem('/problems/duplicate-action'));

			const sent = unitIn('sent');
			const late = await api().patch(`/order-units/${sent.id_order_unit}/cancel`, { reason: 'BuyerCancelled' });
			expect(late.status).toBe(403);
			expect(late.json).toEqual(problem('/problems/order-units/cancel-not-allowed'));

			const v1Reason = await api().patch(`/order-units/${unitIn('need_to_be_sent').id_order_unit}/cancel`, {
				reason: 'CustomerReturn',
			});
			expect(v1Reason.status).toBe(400);
			expect(v1Reason.json.errors[0]).toEqual({
				field: 'reason',
				message: expect.stringMatching(/^must be one of: "BuyerCancelled"/),
			});
		});
	});

	describe('fulfil', () => {
		it('moves an open unit to need_to_be_sent, once; refuses other statuses', async () => {
			const unit = unitIn('need_to_be_sent');
			sandbox().control.setStatus('orderUnits', unit.id_order_unit, 'open');
			const path = `/order-units/${unit.id_order_unit}/fulfil`;
			expect((await api().call('PATCH', path)).status).toBe(204);
			expect(record(unit.id_order_unit).status).toBe('need_to_be_sent');
			const again = await api().call('PATCH', path);
			expect(again.status).toBe(403);
			expect(again.json).toEqual(problem('/problems/duplicate-action'));
			const sent = await api().call('PATCH', `/order-units/${unitIn('sent').id_order_unit}/fulfil`);
			expect(sent.status).toBe(403);
			expect(sent.json).toEqual(problem('/problems/action-not-allowed'));
			expect((await api().patch(path, {})).status).toBe(400);
		});
	});

	describe('refund', () => {
		it('refunds up to the price in parts and refuses more, naming what is left', async () => {
			const unit = unitIn('sent');
			const path = `/order-units/${unit.id_order_unit}/refund`;
			expect((await api().patch(path, { amount: 100, reason: 'delivery_delay' })).status).toBe(204);
			const over = await api().patch(path, { amount: unit.price, reason: 'defect' });
			expect(over.status).toBe(400);
			expect(over.json).toEqual(problem('/problems/validation-error', ['amount']));
			expect(over.json.errors[0].message).toBe(
				`${unit.price} exceeds what is left of the price: price ${unit.price}, already refunded 100, at most ${unit.price - 100}`,
			);
			expect((await api().patch(path, { amount: unit.price - 100, reason: 'refund_return_postage_fee' })).status).toBe(
				204,
			);
			expect(record(unit.id_order_unit)._refunds).toEqual([
				expect.objectContaining({ amount: 100, reason: 'delivery_delay', api: 'v2' }),
				expect.objectContaining({ amount: unit.price - 100, reason: 'refund_return_postage_fee', api: 'v2' }),
			]);
			expect((await api().patch(path, { amount: 1, reason: 'defect' })).status).toBe(400);
		});

		it('refuses an amount below one cent, a status without payment and a marketplace-fulfilled unit', async () => {
			const sent = unitIn('sent');
			for (const amount of [0, -5]) {
				const response = await api().patch(`/order-units/${sent.id_order_unit}/refund`, { amount, reason: 'defect' });
				expect(response.json).toEqual(problem('/problems/validation-error', ['amount']));
			}
			const fraction = await api().patch(`/order-units/${sent.id_order_unit}/refund`, {
				amount: 1.5,
				reason: 'defect',
			});
			expect(fraction.json.errors).toEqual([{ field: 'amount', message: 'must be integer' }]);
			const cancelled = await api().patch(`/order-units/${unitIn('cancelled').id_order_unit}/refund`, {
				amount: 1,
				reason: 'defect',
			});
			expect(cancelled.status).toBe(400);
			expect(cancelled.json).toEqual(problem('/problems/action-not-allowed'));
			const fbk = db().orderUnits.find((u) => u._fulfilled_by_marketplace)!;
			const marketplace = await api().patch(`/order-units/${fbk.id_order_unit}/refund`, {
				amount: 1,
				reason: 'defect',
			});
			expect(marketplace.status).toBe(400);
			expect(record(sent.id_order_unit)._refunds).toEqual([]);
		});
	});
});

describe('sandbox API v2: ping and carriers', () => {
	const { sandbox, api } = useV2Client();

	it('pings with a constant message and takes no parameters', async () => {
		expect((await api().get('/status/ping')).json).toEqual({ data: { message: 'pong' } });
		expect((await api().get('/status/ping?storefront=de')).json).toEqual(
			problem('/problems/validation-error', ['storefront']),
		);
	});

	it('lists the carrier codes send accepts, haulers marked', async () => {
		const response = await api().get('/carriers');
		const carriers: Array<{ name: string; isHauler: boolean }> = response.json.data.carriers;
		expect(carriers).toHaveLength(70);
		expect(carriers).toEqual(
			expect.arrayContaining([
				{ name: 'DHL', isHauler: false },
				{ name: 'Cargo International', isHauler: true },
				{ name: 'Other Hauler', isHauler: true },
			]),
		);
		const open = sandbox().control.db.orderUnits.filter(
			(u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace,
		);
		const last = carriers[carriers.length - 1].name;
		expect(
			(await api().patch(`/order-units/${open[0].id_order_unit}/send`, { tracking_numbers: '1', carrier_code: last }))
				.status,
		).toBe(204);
		expect(
			(
				await api().patch(`/order-units/${open[1].id_order_unit}/send`, {
					tracking_numbers: '1',
					carrier_code: 'InPost',
				})
			).status,
		).toBe(400);
	});
});
