/**
 * Return Unit and Return (node version 2) through n8n-core against the v2 sandbox: the request the sandbox
 * received, the items output and, for the actions, the state the sandbox holds afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ReturnUnit } from '../../../sandbox';
import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 60, strict: true });

const db = () => v2.sandbox().control.db;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const returnUnitIn = (status: string): ReturnUnit => {
	const unit = db().returnUnits.find((candidate) => candidate.status === status);
	if (!unit) throw new Error(`the seed has no return unit in status ${status}`);
	return unit;
};
const returnUnitById = (id: number) => db().returnUnits.find((unit) => unit.id_return_unit === id)!;

describe('Return Unit → Get Many', () => {
	it('sends one request per status, the sort and the default storefront; outputs the matching return units', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['need_to_be_returned', 'return_arrived'] },
			sort: { sortBy: 'ts_updated:desc' },
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.queryValues!.status)).toEqual([
			['need_to_be_returned'],
			['return_arrived'],
		]);
		for (const request of v2.requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/return-units', status: 200 });
			expect(request.queryValues).toMatchObject({
				storefront: ['de'],
				sort: ['ts_updated:desc'],
				limit: ['100'],
				offset: ['0'],
			});
			expectSigned(request, v2.credentials());
		}
		const onDe = (unit: ReturnUnit) =>
			(db().orderUnits.find((o) => o.id_order_unit === unit.id_order_unit)?._storefront ?? 'de') === 'de';
		const expected = db().returnUnits.filter(
			(unit) => ['need_to_be_returned', 'return_arrived'].includes(unit.status) && onDe(unit),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_return_unit).sort()).toEqual(
			expected.map((unit) => unit.id_return_unit).sort(),
		);
		expect(run.items[0].json).toMatchObject({
			storefront: 'de',
			fulfillment_type: 'fulfilled_by_merchant',
			ts_created_iso: expect.stringMatching(/Z$/),
		});
	});

	it('Limit 1 reads one page of one', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			storefront: 'all',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({ limit: ['1'], offset: ['0'] });
		expect(run.items).toHaveLength(1);
	});

	it('refuses an unknown status before sending', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['arrived'] },
		});
		expect(run.error?.message).toBe('"Status" has an unknown value "arrived" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Return Unit → Get', () => {
	it('reads one return unit with its return, order unit and tickets', async () => {
		const unit = returnUnitIn('return_arrived');
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'get',
			returnUnitId: byId(unit.id_return_unit),
			embedded: ['order_unit', 'tickets'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/return-units/${unit.id_return_unit}`,
			status: 200,
		});
		expect(v2.requests()[0].rawUrl).toBe(`/v2/return-units/${unit.id_return_unit}?embedded=order_unit%2Ctickets`);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_return_unit: unit.id_return_unit,
			id_order_unit: unit.id_order_unit,
			status: 'return_arrived',
			return: { id_return: unit.id_return },
			order_unit: { id_order_unit: unit.id_order_unit },
			tickets: expect.any(Array),
		});
	});

	it.each(['12abc', '-1', '1e3', '0', '../1'])('refuses the ID %p before sending', async (id) => {
		const run = await v2.run({ resource: 'returnUnit', operation: 'get', returnUnitId: fromExpression(id) });
		expect(run.error?.message).toBe(`"Return Unit" must be a positive whole number, but it is "${id}" [item 0]`);
		expect(v2.requests()).toHaveLength(0);
	});

	it('an unknown return unit: the marketplace answer 404 is shown', async () => {
		const run = await v2.run({ resource: 'returnUnit', operation: 'get', returnUnitId: byId(99999999) });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error?.message).toBe('Could not get return unit 99999999: it was not found');
	});
});

describe('Return Unit → Accept, Repair (no body)', () => {
	it.each([
		['accept', 'return_accepted'],
		['repair', 'return_in_repair'],
	])('%s: PATCH without a body; the return unit becomes %s', async (operation, status) => {
		const unit = returnUnitIn('return_arrived');
		const run = await v2.run({ resource: 'returnUnit', operation, returnUnitId: byId(unit.id_return_unit) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/return-units/${unit.id_return_unit}/${operation}`,
			status: 204,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_return_unit: unit.id_return_unit, status },
		]);
		expect(returnUnitById(unit.id_return_unit).status).toBe(status);
	});

	it('accepting an accepted return unit again: the refusal is shown and nothing changes', async () => {
		const unit = returnUnitIn('return_arrived');
		unit.status = 'return_accepted';
		const run = await v2.run({ resource: 'returnUnit', operation: 'accept', returnUnitId: byId(unit.id_return_unit) });
		expect(v2.requests()[0]).toMatchObject({ status: 403 });
		expect(run.error?.message).toContain('already');
		expect(returnUnitById(unit.id_return_unit).status).toBe('return_accepted');
	});
});

describe('Return Unit → Reject, Clarify (with a message)', () => {
	it.each([
		['reject', 'return_rejected'],
		['clarify', 'return_in_clarification'],
	])('%s sends the message; the return unit becomes %s', async (operation, status) => {
		const unit = returnUnitIn('need_to_be_returned');
		const run = await v2.run({
			resource: 'returnUnit',
			operation,
			returnUnitId: byId(unit.id_return_unit),
			message: 'Seal broken, item used',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/return-units/${unit.id_return_unit}/${operation}`,
			status: 204,
		});
		expect(JSON.parse(v2.requests()[0].body) as IDataObject).toEqual({ message: 'Seal broken, item used' });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_return_unit: unit.id_return_unit, status, message: 'Seal broken, item used' },
		]);
		expect(returnUnitById(unit.id_return_unit).status).toBe(status);
	});

	it('a blank message is refused before sending, naming the field and the item', async () => {
		const unit = returnUnitIn('need_to_be_returned');
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'reject',
			returnUnitId: byId(unit.id_return_unit),
			message: '  ',
		});
		expect(run.error?.message).toBe('"Message" is required and cannot be empty [item 0]');
		expect(v2.requests()).toHaveLength(0);
		expect(returnUnitById(unit.id_return_unit).status).toBe('need_to_be_returned');
	});
});

describe('Return → Get Many, Get', () => {
	it('filters by status and tracking code; outputs the matching return', async () => {
		const record = db().returns.find((r) => r.status === 'package_received')!;
		const run = await v2.run({
			resource: 'return',
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			filters: {
				status: ['package_received'],
				trackingCode: ` ${record.tracking_code} `,
				updatedFrom: '2001-01-01T00:00:00Z',
			},
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/returns', status: 200 });
		expect(request.queryValues).toMatchObject({
			status: ['package_received'],
			tracking_code: [record.tracking_code],
			ts_updated_from_iso: ['2001-01-01T00:00:00Z'],
		});
		expect(request.queryValues?.storefront).toBeUndefined();
		expectSigned(request, v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_return: record.id_return, status: 'package_received', tracking_provider: 'DHL' }),
		]);
	});

	it('reads one return with its units and buyer', async () => {
		const record = db().returns[0];
		const run = await v2.run({
			resource: 'return',
			operation: 'get',
			returnId: byId(record.id_return),
			embedded: ['return_units', 'buyer'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/returns/${record.id_return}`, status: 200 });
		expect(v2.requests()[0].rawUrl).toBe(`/v2/returns/${record.id_return}?embedded=return_units%2Cbuyer`);
		const units = db().returnUnits.filter((unit) => unit.id_return === record.id_return);
		expect(run.items[0].json).toMatchObject({
			id_return: record.id_return,
			buyer: { id_buyer: expect.any(Number) },
			return_units: units.map((unit) => expect.objectContaining({ id_return_unit: unit.id_return_unit })),
		});
	});

	it('refuses a return ID that is not a number before sending', async () => {
		const run = await v2.run({ resource: 'return', operation: 'get', returnId: fromExpression('1/../2') });
		expect(run.error?.message).toBe('"Return" must be a positive whole number, but it is "1/../2" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
