/** Return Unit → Get (node version 2), through n8n-core against the v2 sandbox. */
import { fromExpression } from '../../setup';
import { useReturnUnitSandbox, byId } from './setup';

const { v2, returnUnitIn } = useReturnUnitSandbox();

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
