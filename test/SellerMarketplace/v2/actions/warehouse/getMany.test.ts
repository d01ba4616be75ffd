/** Warehouse → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useWarehouseSandbox } from './setup';

const { v2, db } = useWarehouseSandbox();

describe('Warehouse → Get Many', () => {
	it('lists every warehouse, 30 a page', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/warehouses', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({ limit: ['30'], offset: ['0'] });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.id_warehouse)).toEqual(db().warehouses.map((w) => w.id_warehouse));
		expect(run.items[0].json).toMatchObject({
			name: 'Hauptlager',
			is_default: true,
			type: 'normal',
			address: { city: 'Hamburg', country: 'DE' },
		});
	});
});
