/** Unit → Get (node version 2), through n8n-core against the v2 sandbox. */
import { useUnitSandbox } from './setup';

const { v2, unitsIn } = useUnitSandbox();

describe('Unit → Get', () => {
	it('reads one unit of another storefront', async () => {
		const unit = unitsIn('cz')[0];
		const run = await v2.run({
			operation: 'get',
			unitId: String(unit.id_unit),
			storefront: 'cz',
			embedded: ['products'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/units/${unit.id_unit}`,
			queryValues: { storefront: ['cz'], embedded: ['products'] },
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_unit: unit.id_unit, currency: 'CZK', product: expect.any(Object) }),
		]);
	});

	it('a unit of another storefront is not found there', async () => {
		const unit = unitsIn('cz')[0];
		const run = await v2.run({ operation: 'get', unitId: String(unit.id_unit) });
		expect(v2.requests()[0]).toMatchObject({ query: { storefront: 'de' }, status: 404 });
		expect(run.error?.message).toBe(`Could not get unit ${unit.id_unit}: it was not found`);
	});
});
