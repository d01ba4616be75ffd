/** Return → Create (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { expectSigned } from '../../setup';
import { useReturnSandbox } from './setup';

const { v2, db, returnable, twoOfOneOrder } = useReturnSandbox();

describe('Return → Create', () => {
	it('opens a return of two units of one order: one body line per unit; outputs the return with its units', async () => {
		const [first, second] = twoOfOneOrder();
		const returnsBefore = db().returns.length;
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: `${first.id_order_unit}, ${second.id_order_unit}`,
			reason: 'wrong_size',
			note: ' Buyer called: too small ',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/returns', operationId: 'InitiateReturn', status: 201 });
		expectSigned(request, v2.credentials());
		expect(JSON.parse(request.body) as IDataObject[]).toEqual([
			{ id_order_unit: first.id_order_unit, reason: 'wrong_size', note: 'Buyer called: too small' },
			{ id_order_unit: second.id_order_unit, reason: 'wrong_size', note: 'Buyer called: too small' },
		]);
		expect(db().returns).toHaveLength(returnsBefore + 1);
		const stored = db().returns.at(-1)!;
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_return: stored.id_return,
			status: 'return_requested',
			storefront: 'de',
			tracking_code: stored.tracking_code,
		});
		expect(
			(run.items[0].json.return_units as IDataObject[]).map((line) => [line.id_order_unit, line.status, line.reason]),
		).toEqual([
			[first.id_order_unit, 'need_to_be_returned', 'wrong_size'],
			[second.id_order_unit, 'need_to_be_returned', 'wrong_size'],
		]);
	});

	it('a unit not sent yet is refused by the marketplace; no return is opened', async () => {
		const waiting = db().orderUnits.find(
			(unit) => !unit._fulfilled_by_marketplace && unit.status === 'need_to_be_sent',
		)!;
		const returnsBefore = db().returns.length;
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: String(waiting.id_order_unit),
			reason: 'defect',
			note: 'Broken on arrival',
		});
		expect(v2.requests()[0]).toMatchObject({ path: '/returns', status: 403 });
		expect(run.error?.message).toContain('only sent or received units can be returned');
		expect(db().returns).toHaveLength(returnsBefore);
	});

	it('units of two orders: the marketplace names the field by its label', async () => {
		const units = returnable();
		const other = units.find((unit) => unit.id_order !== units[0].id_order)!;
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: `${units[0].id_order_unit},${other.id_order_unit}`,
			reason: 'defect',
			note: 'Broken on arrival',
		});
		expect(run.error?.message).toMatch(
			/^Could not create a return: "Order Unit IDs" \(\[1\]\.id_order_unit\): belongs to order /,
		);
	});

	it.each([
		['a note of 4 characters', { note: 'Size' }, '"Note" must be 5 to 100 characters long, but it has 4 [item 1]'],
		[
			'a note of 101 characters',
			{ note: 'x'.repeat(101) },
			'"Note" must be 5 to 100 characters long, but it has 101 [item 1]',
		],
		[
			'a reason the API does not know',
			{ reason: 'changed_mind' },
			'"Reason" has an unknown value "changed_mind" [item 1]',
		],
		[
			'an order unit ID that is not a number',
			{ ids: '12 34' },
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "12 34" is not [item 1]',
		],
	])('refuses %s before sending, naming the field and the item', async (_, bad, message) => {
		const [first, second] = returnable();
		const good = { ids: String(first.id_order_unit), reason: 'defect', note: 'Broken on arrival' };
		const run = await v2.run(
			{
				operation: 'create',
				orderUnitIds: '={{ $json.ids }}',
				reason: '={{ $json.reason }}',
				note: '={{ $json.note }}',
			},
			{ items: [{ json: good }, { json: { ...good, ids: String(second.id_order_unit), ...bad } }] },
		);
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(1);
	});

	it('is never sent twice: after a 500 it stops and says the return may have been opened, and how to check', async () => {
		const [unit] = returnable();
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/returns', kind: 'status', status: 500 });
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: String(unit.id_order_unit),
			reason: 'defect',
			note: 'Broken on arrival',
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create a return may or may not have been applied: the marketplace had a server error (500)',
		);
		expect(run.error?.description).toContain(
			`Order Unit → Get with "Return Unit" included shows whether order unit ${unit.id_order_unit} is part of a return now`,
		);
	});
});
