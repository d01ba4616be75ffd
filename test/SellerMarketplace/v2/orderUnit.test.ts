/**
 * Order Unit (node version 2): Get Many, Get, Send, Cancel, Refund and Fulfil through n8n-core against the v2
 * sandbox. Every test asserts the request the sandbox received, the items output and, for actions, the state
 * the sandbox holds afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit } from '../../../sandbox';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 120 }, 'orderUnit');

const db = () => v2.sandbox().control.db;
const storefrontOf = (unit: OrderUnit) => unit._storefront ?? 'de';
const merchantUnits = () => db().orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);
const unitIn = (status: string, storefront = 'de'): OrderUnit => {
	const unit = merchantUnits().find(
		(candidate) =>
			candidate.status === status && storefrontOf(candidate) === storefront && candidate._refunds.length === 0,
	);
	if (!unit) throw new Error(`the seed has no order unit in status ${status} on ${storefront}`);
	return unit;
};
const unitById = (id: number) => db().orderUnits.find((unit) => unit.id_order_unit === id)!;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;

describe('Order Unit → Get Many', () => {
	it('sends one request per status, the sort and the default storefront; outputs the matching units merged newest first', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['need_to_be_sent', 'sent'] },
			sort: { sortBy: 'ts_updated:desc' },
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests().length).toBeGreaterThan(1);
		for (const request of v2.requests()) {
			expect(request.queryValues!.status).toHaveLength(1);
			expect(request.queryValues).toMatchObject({ storefront: ['de'], sort: ['ts_updated:desc'] });
			expectSigned(request, v2.credentials());
		}
		expect(v2.requests()[0].queryValues).toMatchObject({ limit: ['100'], offset: ['0'] });
		const expected = merchantUnits().filter(
			(unit) => storefrontOf(unit) === 'de' && ['need_to_be_sent', 'sent'].includes(unit.status),
		);
		expect(expected.length).toBeGreaterThan(3);
		expect(run.items.map((item) => item.json.id_order_unit).sort()).toEqual(
			expected.map((unit) => unit.id_order_unit).sort(),
		);
		const updated = run.items.map((item) => String(item.json.ts_updated_iso));
		expect(updated).toEqual([...updated].sort().reverse());
	});

	it('Return All over several pages of 100, every order unit once', async () => {
		const expected = merchantUnits();
		expect(expected.length).toBeGreaterThan(200);

		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			requestOptions: { pageConcurrency: 2 },
		});

		expect(run.error).toBeUndefined();
		const offsets = v2.requests().map((request) => Number(request.query.offset));
		expect(offsets.sort((a, b) => a - b)).toEqual(
			Array.from({ length: Math.ceil(expected.length / 100) }, (_, page) => page * 100),
		);
		expect(run.items).toHaveLength(expected.length);
		expect(new Set(run.items.map((item) => item.json.id_order_unit))).toEqual(
			new Set(expected.map((unit) => unit.id_order_unit)),
		);
	});

	it('filters by offer ID (trimmed) and Updated After', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { offerId: `  ${unit.id_offer} `, updatedFrom: '2020-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toMatchObject({
			id_offer: unit.id_offer,
			ts_updated_from_iso: '2020-01-01T00:00:00Z',
		});
		expect(run.items.length).toBeGreaterThan(0);
		expect(run.items.every((item) => item.json.id_offer === unit.id_offer)).toBe(true);
	});

	it('refuses an unknown status from an expression before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { status: ['shipped'] } });
		expect(run.error?.message).toBe('"Status" has an unknown value "shipped" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Order Unit → Get', () => {
	it('reads one order unit with embedded data', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'get',
			orderUnitId: byId(unit.id_order_unit),
			embedded: ['shipping_group', 'tickets'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/order-units/${unit.id_order_unit}`, status: 200 });
		expect(v2.requests()[0].rawUrl).toBe(`/v2/order-units/${unit.id_order_unit}?embedded=shipping_group%2Ctickets`);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_order_unit: unit.id_order_unit,
			status: 'sent',
			price: unit.price,
			tickets: expect.any(Array),
		});
	});

	it.each(['12abc', '-1', '1e3', '1.5', '9007199254740993', '0', '../1'])(
		'refuses the ID %p before sending',
		async (id) => {
			const run = await v2.run({ operation: 'get', orderUnitId: fromExpression(id) });
			expect(run.error?.message).toBe(`"Order Unit" must be a positive whole number, but it is "${id}" [item 0]`);
			expect(v2.requests()).toHaveLength(0);
		},
	);
});

describe('Order Unit → Send', () => {
	it('sends the carrier and the trimmed tracking numbers; the unit is sent', async () => {
		const unit = unitIn('need_to_be_sent');

		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumbers: ' 0034043416, 0034043417 ,, ',
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/send`,
			status: 204,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({ tracking_numbers: '0034043416,0034043417', carrier_code: 'DHL' });
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_order_unit: unit.id_order_unit,
				tracking_numbers: '0034043416,0034043417',
				carrier_code: 'DHL',
			},
		]);
		expect(unitById(unit.id_order_unit)).toMatchObject({
			status: 'sent',
			_shipment: { carrier_code: 'DHL', tracking_number: '0034043416,0034043417' },
		});
	});

	it('a tracking number is required: an item without one fails alone, before sending, with Continue On Fail', async () => {
		const [first, second] = merchantUnits().filter(
			(unit) => unit.status === 'need_to_be_sent' && storefrontOf(unit) === 'de',
		);
		const run = await v2.run(
			{
				operation: 'send',
				orderUnitId: byId('={{ $json.id }}'),
				carrierCode: 'Other',
				trackingNumbers: '={{ $json.tracking }}',
			},
			{
				items: [
					{ json: { id: first.id_order_unit, tracking: ' , ' } },
					{ json: { id: second.id_order_unit, tracking: 'T-1' } },
				],
				continueOnFail: true,
			},
		);
		expect(v2.requests()).toHaveLength(1);
		expect(body()).toEqual({ tracking_numbers: 'T-1', carrier_code: 'Other' });
		expect(run.items[0]).toEqual({
			json: { error: '"Tracking Numbers" is required and cannot be empty [item 0]' },
			pairedItem: { item: 0 },
		});
		expect(run.items[1]).toMatchObject({
			json: { success: true, id_order_unit: second.id_order_unit },
			pairedItem: { item: 1 },
		});
		expect(unitById(first.id_order_unit).status).toBe('need_to_be_sent');
		expect(unitById(second.id_order_unit).status).toBe('sent');
	});

	it('a carrier code the marketplace does not know: its refusal names the Carrier field', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'dhl',
			trackingNumbers: '1',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Could not mark order unit ${unit.id_order_unit} as sent: "Carrier" \\(carrier_code\\): 'dhl' is not a carrier code`,
			),
		);
		expect(run.error?.description).toContain('Problem type: /problems/validation-error');
		expect(unitById(unit.id_order_unit).status).toBe('need_to_be_sent');
	});

	it('a unit that was sent already: the 403 says so', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumbers: '1',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 403 });
		expect(run.error?.message).toBe(
			`Could not mark order unit ${unit.id_order_unit} as sent: it is already 'sent'; it cannot be sent again`,
		);
		expect(run.error?.description).toContain('Problem type: /problems/duplicate-action');
	});

	it('the carrier dropdown lists GET /carriers, freight carriers marked', async () => {
		const context = loadOptionsContextV2(v2.credentials(), { resource: 'orderUnit', operation: 'send' });
		const { getCarriers } = await import('../../../nodes/SellerMarketplace/v2/methods/loadOptions');
		const options = await getCarriers.call(context);
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/carriers', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(options).toContainEqual({ name: 'DHL', value: 'DHL' });
		expect(options).toContainEqual({ name: 'Cargo International (Freight)', value: 'Cargo International' });
		expect(options.map((option) => option.name)).toEqual(
			[...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b)),
		);
	});
});

describe('Order Unit → Cancel and Fulfil', () => {
	it('cancels with the chosen reason', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({ operation: 'cancel', orderUnitId: byId(unit.id_order_unit), reason: 'NoInventory' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/cancel`,
			status: 204,
		});
		expect(body()).toEqual({ reason: 'NoInventory' });
		expect(run.items[0].json).toEqual({ success: true, id_order_unit: unit.id_order_unit, reason: 'NoInventory' });
		expect(unitById(unit.id_order_unit)).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
	});

	it('refuses a v1 reason that v2 dropped, before sending', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({ operation: 'cancel', orderUnitId: byId(unit.id_order_unit), reason: 'CustomerReturn' });
		expect(run.error?.message).toBe('"Reason" has an unknown value "CustomerReturn" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('fulfils an open unit: it then needs to be sent', async () => {
		const unit = unitIn('need_to_be_sent');
		v2.sandbox().control.setStatus('orderUnits', unit.id_order_unit, 'open');
		v2.sandbox().control.clearRequests();
		const run = await v2.run({ operation: 'fulfil', orderUnitId: byId(unit.id_order_unit) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/fulfil`,
			body: '',
			status: 204,
		});
		expect(run.items[0].json).toEqual({ success: true, id_order_unit: unit.id_order_unit });
		expect(unitById(unit.id_order_unit).status).toBe('need_to_be_sent');
	});
});

describe('Order Unit → Refund', () => {
	it('pays back the amount in cents with the reason', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: 250,
			reason: 'delivery_delay',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/refund`,
			status: 204,
		});
		expect(body()).toEqual({ amount: 250, reason: 'delivery_delay' });
		expect(run.items[0].json).toEqual({
			success: true,
			id_order_unit: unit.id_order_unit,
			amount: 250,
			reason: 'delivery_delay',
		});
		expect(unitById(unit.id_order_unit)._refunds).toEqual([
			expect.objectContaining({ amount: 250, reason: 'delivery_delay' }),
		]);
	});

	it('more than is left of the price: the refusal names "Amount (in Cents)"', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: unit.price + 1,
			reason: 'other_refund',
		});
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Could not refund order unit ${unit.id_order_unit}: "Amount \\(in Cents\\)" \\(amount\\): \\d+ exceeds what is left of the price`,
			),
		);
		expect(unitById(unit.id_order_unit)._refunds).toEqual([]);
	});

	it.each([
		['a fraction of a cent', 12.5],
		['zero', 0],
		['text that is not a number', '12,50'],
		['more than the API can hold', 2 ** 31],
	])('refuses %s before sending', async (_, amount) => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount,
			reason: 'other_refund',
		});
		expect(run.error?.message).toMatch(
			/^"Amount \(in Cents\)" must be (a whole number of at least 1|at most 2147483647)/,
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it('is never sent twice: after a 500 it stops and says the refund may have been applied', async () => {
		const unit = unitIn('sent');
		v2.sandbox().control.addFault({
			method: 'PATCH',
			path: `/v2/order-units/${unit.id_order_unit}/refund`,
			kind: 'status',
			status: 500,
			times: 1,
		});
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: 100,
			reason: 'other_refund',
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the marketplace had a server error (500)`,
		);
		expect(run.error?.description).toContain(`the refunds of order unit ${unit.id_order_unit} in the Seller Portal`);
		expect(run.error?.description).not.toMatch(/try again later/i);
	});
});
