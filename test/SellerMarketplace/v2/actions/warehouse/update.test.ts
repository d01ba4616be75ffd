/** Warehouse → Update (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useWarehouseSandbox, byId, FORM } from './setup';

const { v2, db, body } = useWarehouseSandbox();

describe('Warehouse → Update', () => {
	it('replaces name and address; the sandbox holds the change', async () => {
		const run = await v2.run({
			operation: 'update',
			warehouseId: byId(2),
			...FORM,
			name: 'Lager Süd 2',
			city: 'Augsburg',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			'GET /warehouses/2 200',
			'PUT /warehouses/2 200',
		]);
		expect(body(1)).toMatchObject({
			name: 'Lager Süd 2',
			address: { city: 'Augsburg', country: 'DE' },
			is_default: false,
		});
		expect(run.items[0].json).toMatchObject({ id_warehouse: 2, name: 'Lager Süd 2' });
		expect(db().warehouses.find((w) => w.id_warehouse === 2)).toMatchObject({
			name: 'Lager Süd 2',
			address: { city: 'Augsburg' },
		});
	});

	it("edits the default warehouse's address without Make Default: its current setting is read and sent again, so it stays the default", async () => {
		const defaultWarehouse = db().warehouses.find((w) => w.is_default)!;
		const run = await v2.run({
			operation: 'update',
			warehouseId: byId(defaultWarehouse.id_warehouse),
			...FORM,
			name: defaultWarehouse.name,
			city: 'Lübeck',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			`GET /warehouses/${defaultWarehouse.id_warehouse} 200`,
			`PUT /warehouses/${defaultWarehouse.id_warehouse} 200`,
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(body(1)).toMatchObject({ address: { city: 'Lübeck' }, is_default: true });
		expect(run.items[0].json).toMatchObject({
			id_warehouse: defaultWarehouse.id_warehouse,
			is_default: true,
			address: { city: 'Lübeck' },
		});
		expect(db().warehouses.find((w) => w.id_warehouse === defaultWarehouse.id_warehouse)).toMatchObject({
			is_default: true,
			address: { city: 'Lübeck' },
		});
	});

	it('Make Default sends is_default true at once, without reading the warehouse', async () => {
		const run = await v2.run({ operation: 'update', warehouseId: byId(2), ...FORM, isDefault: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.method)).toEqual(['PUT']);
		expect(body()).toMatchObject({ is_default: true });
		expect(
			db()
				.warehouses.filter((w) => w.is_default)
				.map((w) => w.id_warehouse),
		).toEqual([2]);
	});

	it('another country: the marketplace refuses and names the Country field', async () => {
		const run = await v2.run({ operation: 'update', warehouseId: byId(2), ...FORM, country: 'AT' });
		expect(v2.requests()[1]).toMatchObject({ method: 'PUT', status: 400 });
		expect(run.error?.message).toMatch(/^Could not update warehouse 2: "Country" \(address\.country\)/);
		expect(db().warehouses.find((w) => w.id_warehouse === 2)?.address.country).toBe('DE');
	});
});
