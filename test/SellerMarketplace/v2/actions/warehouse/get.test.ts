/** Warehouse → Get (node version 2), through n8n-core against the v2 sandbox. */
import { useWarehouseSandbox, byId } from './setup';

const { v2 } = useWarehouseSandbox();

describe('Warehouse → Get', () => {
	it('reads one warehouse', async () => {
		const run = await v2.run({ operation: 'get', warehouseId: byId(2) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/warehouses/2', status: 200 });
		expect(run.items[0].json).toMatchObject({ id_warehouse: 2, name: 'Lager Süd', is_default: false });
	});
});
