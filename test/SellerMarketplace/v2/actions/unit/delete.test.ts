/** Unit → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { useUnitSandbox } from './setup';

const { v2, unitsIn, unitById } = useUnitSandbox();

describe('Unit → Delete', () => {
	it('deletes a unit', async () => {
		const unit = unitsIn('de')[1];
		const run = await v2.run({ operation: 'delete', unitId: String(unit.id_unit) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/units/${unit.id_unit}`,
			query: { storefront: 'de' },
			body: '',
			status: 204,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(unitById(unit.id_unit)).toBeUndefined();
	});
});
