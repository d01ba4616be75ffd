/**
 * The sandbox's POST /returns and PUT /returns/{id_return}, called directly: returns opened and extended on the
 * shared v1 store, and the rules it enforces beyond the OpenAPI's schemas.
 */
import type { OrderUnit } from '../../../sandbox';
import { problem, useV2Client } from './client';

describe('sandbox API v2: opening and extending returns', () => {
	const { sandbox, api } = useV2Client({ orders: 40 });
	const db = () => sandbox().control.db;
	const inReturn = (unit: OrderUnit) => db().returnUnits.some((line) => line.id_order_unit === unit.id_order_unit);
	const free = () =>
		db().orderUnits.filter(
			(unit) => !unit._fulfilled_by_marketplace && ['sent', 'received'].includes(unit.status) && !inReturn(unit),
		);
	const line = (unit: OrderUnit, note = 'Too small for him') => ({
		id_order_unit: unit.id_order_unit,
		reason: 'wrong_size',
		note,
	});

	it('POST opens a return_requested return in the shared v1 store; PUT adds a unit of the same order', async () => {
		const units = free();
		const first = units.find((unit) => units.some((other) => other.id_order === unit.id_order && other !== unit))!;
		const sibling = units.find((unit) => unit.id_order === first.id_order && unit !== first)!;
		const opened = await api().post('/returns', [line(first)]);
		expect(opened.status).toBe(201);
		expect(opened.json.data).toMatchObject({
			status: 'return_requested',
			tracking_provider: 'DHL',
			return_units: [
				{
					id_order_unit: first.id_order_unit,
					status: 'need_to_be_returned',
					reason: 'wrong_size',
					note: 'Too small for him',
				},
			],
		});
		const id = opened.json.data.id_return as number;
		expect(db().returns.find((record) => record.id_return === id)).toMatchObject({
			status: 'return_requested',
			_reason: 'wrong_size',
		});
		const added = await api().call('PUT', `/returns/${id}`, { body: [line(sibling)] });
		expect(added.status).toBe(201);
		expect(added.json.data.return_units.map((unit: { id_order_unit: number }) => unit.id_order_unit)).toEqual([
			first.id_order_unit,
			sibling.id_order_unit,
		]);
		const again = await api().call('PUT', `/returns/${id}`, { body: [line(first)] });
		expect([again.status, again.json]).toEqual([403, problem('/problems/returns/unit-wrong-status')]);
	});

	it.each([
		['no line', () => [], ['body']],
		['a note of 4 characters', () => [line(free()[0], 'Big ')], ['[0].note']],
		['the same unit twice', () => [line(free()[0]), line(free()[0])], ['[1].id_order_unit']],
		[
			'units of two orders',
			() => [line(free()[0]), line(free().find((unit) => unit.id_order !== free()[0].id_order)!)],
			['[1].id_order_unit'],
		],
	])('POST refuses %s with 400 naming the line', async (_, body, fields) => {
		const before = db().returns.length;
		const response = await api().post('/returns', body());
		expect([response.status, response.json]).toEqual([400, problem('/problems/validation-error', fields)]);
		expect(db().returns).toHaveLength(before);
	});

	it('POST refuses units not sent (403), unknown units (404); PUT an unknown return (404)', async () => {
		const waiting = db().orderUnits.find(
			(unit) => !unit._fulfilled_by_marketplace && unit.status === 'need_to_be_sent',
		)!;
		const notSent = await api().post('/returns', [line(waiting)]);
		expect([notSent.status, notSent.json]).toEqual([403, problem('/problems/returns/unit-wrong-status')]);
		expect(
			(await api().post('/returns', [{ id_order_unit: 999_999_999, reason: 'defect', note: 'Broken glass' }])).status,
		).toBe(404);
		expect((await api().call('PUT', '/returns/999999', { body: [line(free()[0])] })).status).toBe(404);
	});
});
