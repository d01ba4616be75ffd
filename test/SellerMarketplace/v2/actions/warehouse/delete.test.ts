/** Warehouse → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned, fromExpression } from '../../setup';
import { useWarehouseSandbox, byId, FORM } from './setup';

const { v2, db } = useWarehouseSandbox();

describe('Warehouse → Delete', () => {
	it('deletes a warehouse no unit uses', async () => {
		const created = await v2.run({ operation: 'create', ...FORM });
		const id = Number(created.items[0].json.id_warehouse);
		const run = await v2.run({ operation: 'delete', warehouseId: byId(id) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[1]).toMatchObject({ method: 'DELETE', path: `/warehouses/${id}`, status: 204 });
		expectSigned(v2.requests()[1], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(db().warehouses.some((w) => w.id_warehouse === id)).toBe(false);
	});

	it('the default warehouse is not deleted: the refusal is shown', async () => {
		const run = await v2.run({ operation: 'delete', warehouseId: byId(1) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toContain('default');
		expect(db().warehouses.some((w) => w.id_warehouse === 1)).toBe(true);
	});

	it('refuses a warehouse ID that is not a number before sending', async () => {
		const run = await v2.run({ operation: 'delete', warehouseId: fromExpression('1;2') });
		expect(run.error?.message).toBe('"Warehouse" must be a positive whole number, but it is "1;2" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
