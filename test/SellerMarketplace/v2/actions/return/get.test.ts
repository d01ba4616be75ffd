/** Return → Get (node version 2), through n8n-core against the v2 sandbox. */
import { fromExpression } from '../../setup';
import { useReturnSandbox, byId } from './setup';

const { v2, db } = useReturnSandbox();

describe('Return → Get', () => {
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
