/**
 * The sandbox's shipments, shipping labels (and their unsigned PDF host) and shipping addresses, called directly:
 * the rules it enforces beyond the OpenAPI's schemas, each answer checked against the OpenAPI by the client.
 */
import type { OrderUnit } from '../../../sandbox';
import { LABEL_DOWNLOAD_DAYS, shippingState } from '../../../sandbox/model/shipping';
import { problem, rawRequest, useV2Client } from './client';

describe('sandbox API v2: shipments, shipping labels, shipping addresses', () => {
	const { sandbox, api } = useV2Client({ orders: 40 });
	const db = () => sandbox().control.db;
	const merchant = (status: string): OrderUnit[] =>
		db().orderUnits.filter((unit) => !unit._fulfilled_by_marketplace && unit.status === status);
	const marketplaceUnit = () => db().orderUnits.find((unit) => unit._fulfilled_by_marketplace)!;
	const parcel = { weight_gram: 1500, height_cm: 10, length_cm: 30, width_cm: 20 };
	const shipment = (id: number, carrier_code = 'DHL', tracking_number = 'T-1') => ({
		id_order_unit: id,
		shipment_information: { carrier_code, tracking_number },
	});

	it('POST /shipments: 204 on a sent unit; refusals name the rule', async () => {
		const [sent] = merchant('sent');
		expect((await api().post('/shipments', shipment(sent.id_order_unit))).status).toBe(204);
		const again = await api().post('/shipments', shipment(sent.id_order_unit));
		expect([again.status, again.json]).toEqual([403, problem('/problems/duplicate-action')]);
		const waiting = await api().post('/shipments', shipment(merchant('need_to_be_sent')[0].id_order_unit));
		expect([waiting.status, waiting.json]).toEqual([403, problem('/problems/action-not-allowed')]);
		const marketplace = await api().post('/shipments', shipment(marketplaceUnit().id_order_unit));
		expect(marketplace.status).toBe(403);
		const carrier = await api().post('/shipments', shipment(sent.id_order_unit, 'dhl'));
		expect([carrier.status, carrier.json]).toEqual([
			400,
			problem('/problems/validation-error', ['shipment_information.carrier_code']),
		]);
		expect(carrier.json.errors[0].message).toContain("did you mean 'DHL'");
		const blank = await api().post('/shipments', shipment(sent.id_order_unit, 'DHL', ' '));
		expect([blank.status, blank.json]).toEqual([
			400,
			problem('/problems/validation-error', ['shipment_information.tracking_number']),
		]);
		expect((await api().post('/shipments', shipment(999_999_999))).status).toBe(404);
		expect(shippingState(db()).shipments).toHaveLength(1);
	});

	it('POST /shipping-labels: 201 with a download address that serves the PDF unsigned, with its token only, for 7 days', async () => {
		const [unit] = merchant('need_to_be_sent');
		const response = await api().post('/shipping-labels', {
			ids_order_units: [unit.id_order_unit],
			carriers: ['GLS'],
			package_measurements: parcel,
		});
		expect(response.status).toBe(201);
		expect(response.json.data).toEqual({
			id: expect.any(String),
			tracking_number: expect.stringMatching(/^\d{11}$/),
			carrier: 'GLS',
			download_url: expect.any(String),
		});
		const url = response.json.data.download_url as string;
		const file = await rawRequest(url, 'GET', {}, '');
		expect([file.status, file.headers['content-type']]).toEqual([200, 'application/pdf']);
		expect(file.text.startsWith('%PDF-1.4')).toBe(true);
		expect((await rawRequest(url.replace(/access_token=\w+/, 'access_token=wrong'), 'GET', {}, '')).status).toBe(403);
		await sandbox().control.advance(LABEL_DOWNLOAD_DAYS * 24 * 3600 + 1);
		expect((await rawRequest(url, 'GET', {}, '')).status).toBe(404);
	});

	it.each([
		['a carrier other than GLS', { carriers: ['DHL'] }, 400, ['carriers']],
		['no carrier', { carriers: [] }, 400, ['carriers']],
		[
			'a parcel over 31.5 kg',
			{ package_measurements: { ...parcel, weight_gram: 31_501 } },
			400,
			['package_measurements.weight_gram'],
		],
		['a length of 0', { package_measurements: { ...parcel, length_cm: 0 } }, 400, ['package_measurements.length_cm']],
		['no order unit', { ids_order_units: [] }, 400, ['ids_order_units']],
	])('POST /shipping-labels refuses %s', async (_, change, status, fields) => {
		const [unit] = merchant('need_to_be_sent');
		const response = await api().post('/shipping-labels', {
			ids_order_units: [unit.id_order_unit],
			carriers: ['GLS'],
			package_measurements: parcel,
			...change,
		});
		expect([response.status, response.json]).toEqual([status, problem('/problems/validation-error', fields)]);
		expect(shippingState(db()).labels).toEqual([]);
	});

	it('POST /shipping-labels refuses units of two orders (422), sent units (403), and buying without a warehouse (422)', async () => {
		const waiting = merchant('need_to_be_sent');
		const other = waiting.find((unit) => unit.id_order !== waiting[0].id_order)!;
		const body = (ids: number[]) => ({ ids_order_units: ids, carriers: ['GLS'], package_measurements: parcel });
		expect((await api().post('/shipping-labels', body([waiting[0].id_order_unit, other.id_order_unit]))).status).toBe(
			422,
		);
		expect((await api().post('/shipping-labels', body([merchant('sent')[0].id_order_unit]))).status).toBe(403);
		db().warehouses.splice(0);
		const noWarehouse = await api().post('/shipping-labels', body([waiting[0].id_order_unit]));
		expect([noWarehouse.status, noWarehouse.json]).toEqual([
			422,
			problem('/problems/shipping-labels/warehouse-missing'),
		]);
		expect(shippingState(db()).labels).toEqual([]);
	});

	it("GET /shipping-addresses: the seller's units only, filtered by comma lists; bad lists are 422, an unknown sort 400", async () => {
		const all = await api().get('/shipping-addresses?limit=100');
		expect(all.status).toBe(200);
		const merchantUnits = db().orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);
		expect(all.json.pagination.total).toBe(merchantUnits.length);
		const [a, b] = merchantUnits;
		const some = await api().get(
			`/shipping-addresses?order_unit_ids=${a.id_order_unit},${b.id_order_unit}&sort=ts_created:asc`,
		);
		expect(some.json.data.map((row: { id_order_unit: number }) => row.id_order_unit).sort()).toEqual(
			[a.id_order_unit, b.id_order_unit].sort(),
		);
		expect(some.json.data[0].address_data).toEqual({
			type: 'SHIPPING_ADDRESS_HOME',
			data: expect.objectContaining({ city: expect.any(String) }),
		});
		const byOrder = await api().get(`/shipping-addresses?order_ids=${a.id_order}`);
		expect(byOrder.json.data.every((row: { id_order: string }) => row.id_order === a.id_order)).toBe(true);
		expect((await api().get(`/shipping-addresses?order_ids=${marketplaceUnit().id_order}`)).json.data).toEqual([]);
		const tooMany = await api().get(
			`/shipping-addresses?order_unit_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
		);
		expect([tooMany.status, tooMany.json]).toEqual([422, problem('/problems/validation-error', ['order_unit_ids'])]);
		expect((await api().get('/shipping-addresses?order_unit_ids=1,,2')).status).toBe(422);
		expect((await api().get('/shipping-addresses?order_unit_ids=abc')).status).toBe(422);
		expect((await api().get('/shipping-addresses?sort=city:asc')).status).toBe(400);
	});
});
