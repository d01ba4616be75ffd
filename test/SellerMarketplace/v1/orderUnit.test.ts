/**
 * Order Unit: Get Many, Get, Send, Fulfil, Cancel and Refund, run through n8n-core against the sandbox.
 * Every test asserts the request the sandbox received and the items the node output; seed records are
 * looked up in `sandbox.control.db`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit, Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const db = () => sandbox.control.db;
const visibleUnits = (): OrderUnit[] => db().orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);
const unitIn = (status: string): OrderUnit => {
	const unit = visibleUnits().find((candidate) => candidate.status === status);
	if (!unit) throw new Error(`the seed has no visible order unit in status ${status}`);
	return unit;
};
const hiddenUnit = (): OrderUnit => db().orderUnits.find((unit) => unit._fulfilled_by_marketplace)!;
const unitById = (id: number): OrderUnit => db().orderUnits.find((unit) => unit.id_order_unit === id)!;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const run = async (parameters: IDataObject, options: Omit<Parameters<typeof runSellerNode>[1], 'parameters'> = {}) =>
	await runSellerNode(credentials, { parameters: { resource: 'orderUnit', ...parameters }, ...options });

describe('Order Unit → Get Many', () => {
	it('sends the filters and the sort, and outputs one item per order unit (Limit)', async () => {
		const run1 = await run({
			operation: 'getMany',
			returnAll: false,
			limit: 4,
			options: { sort: 'ts_updated:asc' },
			filters: { status: ['sent', 'need_to_be_sent'] },
		});

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			// several statuses as one comma-separated value, never a repeated parameter
			rawUrl: '/api/v1/order-units/seller/?status=sent%2Cneed_to_be_sent&sort=ts_updated%3Aasc&limit=4&offset=0',
			path: '/order-units/seller/',
			query: { status: 'sent,need_to_be_sent', sort: 'ts_updated:asc', limit: '4', offset: '0' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		const expected = visibleUnits()
			.filter((unit) => unit.status === 'sent' || unit.status === 'need_to_be_sent')
			.sort((a, b) => a.ts_updated.localeCompare(b.ts_updated) || a.id_order_unit - b.id_order_unit);
		expect(expected.length).toBeGreaterThan(4);
		expect(run1.items).toHaveLength(4);
		for (const item of run1.items) {
			expect(['sent', 'need_to_be_sent']).toContain(item.json.status);
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		const updated = run1.items.map((item) => String(item.json.ts_updated));
		expect(updated).toEqual([...updated].sort());
		expect(updated).toEqual(expected.slice(0, 4).map((unit) => unit.ts_updated));
	});

	it('sorts newest first by default and sends the offer and date filters in the API format', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({
			operation: 'getMany',
			returnAll: true,
			filters: {
				offerId: ` ${unit.id_offer} `,
				createdFrom: `${unit.ts_created.slice(0, 10)}T00:00:00.000Z`,
				updatedFrom: unit.ts_created.slice(0, 10),
			},
		});

		expect(run1.error).toBeUndefined();
		const day = unit.ts_created.slice(0, 10);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/order-units/seller/',
			query: {
				id_offer: unit.id_offer,
				'ts_created:from': `${day} 00:00:00`,
				'ts_updated:from': `${day} 00:00:00`,
				sort: 'ts_created:desc',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
		});
		const expected = visibleUnits().filter(
			(candidate) =>
				candidate.id_offer === unit.id_offer &&
				candidate.ts_created >= `${day} 00:00:00` &&
				candidate.ts_updated >= `${day} 00:00:00`,
		);
		expect(run1.items.map((item) => item.json.id_order_unit).sort()).toEqual(
			expected.map((candidate) => candidate.id_order_unit).sort(),
		);
		const created = run1.items.map((item) => String(item.json.ts_created));
		expect(created).toEqual([...created].sort().reverse());
	});

	it('reads every page with Return All and never lists order units fulfilled by the marketplace', async () => {
		// One more order with 35 units makes sure the collection spans several pages of 30.
		await sandbox.control.createOrder({ units: [{ id_unit: db().units[0].id_unit, quantity: 35 }] });
		await sandbox.control.createOrder({ fulfilledByMarketplace: true });
		const expected = visibleUnits().map((unit) => unit.id_order_unit);
		expect(expected.length).toBeGreaterThan(60);

		const run1 = await run({ operation: 'getMany', returnAll: true });

		expect(run1.error).toBeUndefined();
		const offsets = requests().map((request) => Number(request.query.offset));
		expect(offsets.sort((a, b) => a - b)).toEqual(
			Array.from({ length: Math.ceil(expected.length / 30) }, (_, page) => page * 30),
		);
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/order-units/seller/', signatureValid: true, status: 200 });
			expect(request.query.sort).toBe('ts_created:desc');
		}
		const ids = run1.items.map((item) => item.json.id_order_unit as number);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
		expect(ids).not.toContain(hiddenUnit().id_order_unit);
	});
});

describe('Order Unit → Get', () => {
	it('reads one order unit with the related data asked for', async () => {
		const returnUnit = db().returnUnits[0];
		const unit = unitById(returnUnit.id_order_unit);
		const tickets = db().tickets.filter((ticket) => ticket.ids_order_unit.includes(String(unit.id_order_unit)));

		const run1 = await run({
			operation: 'get',
			orderUnitId: { __rl: true, mode: 'list', value: String(unit.id_order_unit) },
			embedded: ['delivery_attempt_timestamp', 'return_unit', 'tickets'],
		});

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-units/${unit.id_order_unit}/`,
			query: { embedded: 'delivery_attempt_timestamp,return_unit,tickets' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run1.items).toHaveLength(1);
		expect(run1.items[0].json).toMatchObject({
			id_order_unit: unit.id_order_unit,
			id_order: unit.id_order,
			status: unit.status,
			price: unit.price,
			buyer: unit.buyer,
			item: unit.item,
			delivery_attempt_timestamp: unit._shipment?.ts,
			return_unit: { id_return_unit: returnUnit.id_return_unit, id_order_unit: unit.id_order_unit },
		});
		expect((run1.items[0].json.tickets as Array<{ id_ticket: string }>).map((ticket) => ticket.id_ticket)).toEqual(
			tickets.map((ticket) => ticket.id_ticket),
		);
		expect(Object.keys(run1.items[0].json).some((key) => key.startsWith('_'))).toBe(false);
	});

	it('sends no `embedded` when nothing extra is asked for', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({ operation: 'get', orderUnitId: byId(unit.id_order_unit) });

		expect(run1.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-units/${unit.id_order_unit}/`,
			query: {},
			signatureValid: true,
		});
		expect(run1.items[0].json).not.toHaveProperty('tickets');
		expect(run1.items[0].json.id_order_unit).toBe(unit.id_order_unit);
	});
});

describe('Order Unit → Send', () => {
	it('sends the carrier and the tracking numbers, comma-joined and trimmed, and marks the unit sent', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL Express',
			trackingNumber: ' 00340434161094042557 , ,JJD0099887766,',
			additionalFields: { sourceCountry: 'de' },
		});

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/send/`,
			query: {},
			json: {
				carrier_code: 'DHL Express',
				tracking_number: '00340434161094042557,JJD0099887766',
				source_country: 'DE',
			},
			signatureValid: true,
			status: 204,
		});
		expect(run1.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_order_unit: unit.id_order_unit,
				carrier_code: 'DHL Express',
				tracking_number: '00340434161094042557,JJD0099887766',
			},
		]);
		expect(unitById(unit.id_order_unit)).toMatchObject({
			status: 'sent',
			_shipment: {
				carrier_code: 'DHL Express',
				tracking_number: '00340434161094042557,JJD0099887766',
				source_country: 'DE',
			},
		});
	});

	it('leaves out the source country when it is not given', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'GLS',
			trackingNumber: 'ZX123',
		});

		expect(run1.error).toBeUndefined();
		expect(requests()[0].json).toEqual({ carrier_code: 'GLS', tracking_number: 'ZX123' });
		expect(requests()[0].signatureValid).toBe(true);
	});

	it('is retried after a server error, because sending the same tracking number twice is harmless', async () => {
		const unit = unitIn('need_to_be_sent');
		sandbox.control.addFault({ method: 'PATCH', path: '/order-units/*/send/', kind: 'status', status: 503, times: 1 });

		const run1 = await run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'UPS',
			trackingNumber: '1Z999',
		});

		expect(run1.error).toBeUndefined();
		expect(requests().map((request) => [request.path, request.status])).toEqual([
			[`/order-units/${unit.id_order_unit}/send/`, 503],
			[`/order-units/${unit.id_order_unit}/send/`, 204],
		]);
		expect(run1.items[0].json).toMatchObject({ success: true, id_order_unit: unit.id_order_unit });
	});
});

describe('Order Unit → Fulfil', () => {
	it('sends a PATCH without a body and outputs the order unit ID', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({ operation: 'fulfil', orderUnitId: byId(unit.id_order_unit) });

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/fulfil/`,
			query: {},
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run1.items.map((item) => item.json)).toEqual([{ success: true, id_order_unit: unit.id_order_unit }]);
		expect(unitById(unit.id_order_unit)._fulfilled_at).not.toBeNull();
	});
});

describe('Order Unit → Cancel', () => {
	it('sends the reason and cancels the unit', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({
			operation: 'cancel',
			orderUnitId: byId(unit.id_order_unit),
			reason: 'ShippingAddressUndeliverable',
		});

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/cancel/`,
			json: { reason: 'ShippingAddressUndeliverable' },
			signatureValid: true,
			status: 204,
		});
		expect(run1.items.map((item) => item.json)).toEqual([
			{ success: true, id_order_unit: unit.id_order_unit, reason: 'ShippingAddressUndeliverable' },
		]);
		expect(unitById(unit.id_order_unit)).toMatchObject({
			status: 'cancelled',
			cancel_reason: 'ShippingAddressUndeliverable',
		});
	});

	it('uses "No Inventory" as the preset reason', async () => {
		const unit = unitIn('need_to_be_sent');

		const run1 = await run({ operation: 'cancel', orderUnitId: byId(unit.id_order_unit) });

		expect(run1.error).toBeUndefined();
		expect(requests()[0].json).toEqual({ reason: 'NoInventory' });
	});
});

describe('Order Unit → Refund', () => {
	it('sends the amount in cents and the reason to the path with the underscore', async () => {
		const unit = unitIn('sent');

		const run1 = await run(
			{
				operation: 'refund',
				orderUnitId: byId(unit.id_order_unit),
				amount: '={{ $json.cents }}',
				reason: 'delivery_delay',
			},
			{ items: [{ json: { cents: '150' } }] },
		);

		expect(run1.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order_units/${unit.id_order_unit}/refund/`,
			refundPathForm: 'underscore',
			json: { amount: 150, reason: 'delivery_delay' },
			signatureValid: true,
			status: 204,
		});
		expect(run1.items.map((item) => item.json)).toEqual([
			{ success: true, id_order_unit: unit.id_order_unit, amount: 150, reason: 'delivery_delay' },
		]);
		expect(unitById(unit.id_order_unit)._refunds).toMatchObject([
			{ amount: 150, reason: 'delivery_delay', path_form: 'underscore' },
		]);
	});

	it('is never repeated after a server error, so no refund is paid twice', async () => {
		const unit = unitIn('sent');
		sandbox.control.addFault({
			method: 'PATCH',
			path: '/order_units/*/refund/',
			kind: 'status',
			status: 500,
			times: 1,
		});

		const run1 = await run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: 99,
			reason: 'other_refund',
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order_units/${unit.id_order_unit}/refund/`,
			status: 500,
		});
		expect(run1.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the marketplace had a server error (500)`,
		);
		expect(run1.items).toEqual([]);
	});

	it('shows the reason the marketplace gives for refusing a refund above the price', async () => {
		const unit = unitIn('sent');

		const run1 = await run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: unit.price + 1,
			reason: 'other_refund',
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			json: { amount: unit.price + 1, reason: 'other_refund' },
			signatureValid: true,
			status: 422,
		});
		expect(run1.error?.message).toBe(
			`Could not refund order unit ${unit.id_order_unit}: refund of ${unit.price + 1} cents exceeds what is left of the price: price ${unit.price}, already refunded 0, at most ${unit.price}`,
		);
		expect(run1.error?.description).toMatch(/^The API said: Refund of \d+ cents exceeds what is left of the price/);
		expect(unitById(unit.id_order_unit)._refunds).toEqual([]);
	});
});

describe('Order Unit: orders fulfilled by the marketplace and unknown IDs', () => {
	it.each([
		['get', {}, 'GET', '', 'get'],
		['send', { carrierCode: 'DHL', trackingNumber: '123' }, 'PATCH', 'send/', 'mark'],
		['fulfil', {}, 'PATCH', 'fulfil/', 'confirm fulfilment of'],
		['cancel', { reason: 'NoInventory' }, 'PATCH', 'cancel/', 'cancel'],
	])(
		'%s explains that a unit fulfilled by the marketplace cannot be used (403)',
		async (operation, parameters, method, suffix, attempt) => {
			const hidden = hiddenUnit();
			const statusBefore = hidden.status;

			const run1 = await run({ operation, orderUnitId: byId(hidden.id_order_unit), ...parameters });

			expect(requests()).toHaveLength(1);
			expect(requests()[0]).toMatchObject({
				method,
				path: `/order-units/${hidden.id_order_unit}/${suffix}`,
				signatureValid: true,
				status: 403,
			});
			expect(run1.error?.message).toBe(
				`Could not ${attempt} order unit ${hidden.id_order_unit}${operation === 'send' ? ' as sent' : ''}: it is fulfilled by the marketplace and cannot be read or changed through API v1`,
			);
			expect(run1.error?.httpCode).toBe('403');
			expect(unitById(hidden.id_order_unit).status).toBe(statusBefore);
		},
	);

	it('refund explains that a unit fulfilled by the marketplace cannot be refunded (403)', async () => {
		const hidden = hiddenUnit();

		const run1 = await run({
			operation: 'refund',
			orderUnitId: byId(hidden.id_order_unit),
			amount: 100,
			reason: 'other_refund',
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order_units/${hidden.id_order_unit}/refund/`,
			status: 403,
		});
		expect(run1.error?.message).toBe(
			`Could not refund order unit ${hidden.id_order_unit}: it is fulfilled by the marketplace and cannot be read or changed through API v1`,
		);
		expect(unitById(hidden.id_order_unit)._refunds).toEqual([]);
	});

	it.each([
		['get', {}, 'get order unit %s'],
		['send', { carrierCode: 'DHL', trackingNumber: '123' }, 'mark order unit %s as sent'],
		['refund', { amount: 100, reason: 'other_refund' }, 'refund order unit %s'],
	])('%s names the ID of an order unit that does not exist (404)', async (operation, parameters, attempt) => {
		const unknownId = Math.max(...db().orderUnits.map((unit) => unit.id_order_unit)) + 1000;

		const run1 = await run({ operation, orderUnitId: byId(unknownId), ...parameters });

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ signatureValid: true, status: 404 });
		expect(run1.error?.message).toBe(`Could not ${attempt.replace('%s', String(unknownId))}: it was not found`);
		expect(run1.error?.httpCode).toBe('404');
	});
});

describe('Order Unit: bad input is refused before any request is sent', () => {
	const id = () => byId(unitIn('need_to_be_sent').id_order_unit);
	const cents = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;

	it.each<[string, () => IDataObject, string]>([
		[
			'an order unit ID expression that is empty',
			() => ({ operation: 'get', orderUnitId: byId('={{ $json.unit }}') }),
			'"Order Unit" is required and cannot be empty [item 0]',
		],
		[
			'an order unit ID that is not a number',
			() => ({ operation: 'fulfil', orderUnitId: byId('={{ "12a" }}') }),
			'"Order Unit" must be a positive whole number, but it is "12a" [item 0]',
		],
		[
			'an order unit ID of 0',
			() => ({ operation: 'cancel', orderUnitId: byId('={{ "0" }}'), reason: 'NoInventory' }),
			'"Order Unit" must be a positive whole number, but it is "0" [item 0]',
		],
		[
			'a refund amount with decimals',
			() => ({ operation: 'refund', orderUnitId: id(), amount: 12.5, reason: 'other_refund' }),
			'"Amount (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is 12.5 [item 0]',
		],
		[
			'a negative refund amount',
			() => ({ operation: 'refund', orderUnitId: id(), amount: -5, reason: 'other_refund' }),
			'"Amount (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is -5 [item 0]',
		],
		[
			'a refund amount of zero',
			() => ({ operation: 'refund', orderUnitId: id(), amount: 0, reason: 'other_refund' }),
			'"Amount (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is 0 [item 0]',
		],
		[
			'a refund amount that is text',
			() => ({ operation: 'refund', orderUnitId: id(), amount: cents('12,50 €'), reason: 'other_refund' }),
			'"Amount (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is "12,50 €" [item 0]',
		],
		[
			'an unknown refund reason from an expression',
			() => ({ operation: 'refund', orderUnitId: id(), amount: 100, reason: '={{ "goodwill" }}' }),
			'"Reason" has an unknown value "goodwill" [item 0]',
		],
		[
			'an empty tracking number',
			() => ({ operation: 'send', orderUnitId: id(), carrierCode: 'DHL', trackingNumber: ' , ,' }),
			'"Tracking Number" is required and cannot be empty [item 0]',
		],
		[
			'an unknown carrier from an expression',
			() => ({ operation: 'send', orderUnitId: id(), carrierCode: '={{ "Pigeon Post" }}', trackingNumber: '123' }),
			'"Carrier" has an unknown value "Pigeon Post" [item 0]',
		],
		[
			'a source country that is not a two-letter code',
			() => ({
				operation: 'send',
				orderUnitId: id(),
				carrierCode: 'DHL',
				trackingNumber: '123',
				additionalFields: { sourceCountry: 'Germany' },
			}),
			'"Source Country" must be a two-letter country code such as DE, but it is "Germany" [item 0]',
		],
		[
			'an unknown cancel reason from an expression',
			() => ({ operation: 'cancel', orderUnitId: id(), reason: '={{ "changed my mind" }}' }),
			'"Reason" has an unknown value "changed my mind" [item 0]',
		],
		[
			'an unknown status filter from an expression',
			() => ({ operation: 'getMany', returnAll: true, filters: { status: '={{ ["shipped"] }}' } }),
			'"Status" has an unknown value "shipped" [item 0]',
		],
		[
			'an updated-after date that is not a date',
			() => ({ operation: 'getMany', returnAll: true, filters: { updatedFrom: 'soon' } }),
			'"Updated After" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "soon" [item 0]',
		],
	])('%s', async (_case, parameters, message) => {
		const run1 = await run(parameters());

		expect(run1.error?.message).toBe(message);
		expect(run1.items).toEqual([]);
		expect(requests()).toEqual([]);
	});
});
