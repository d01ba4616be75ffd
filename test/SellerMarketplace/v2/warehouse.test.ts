/**
 * Warehouse (node version 2): Get Many, Get, Create, Update and Delete through n8n-core against the v2 sandbox:
 * the request the sandbox received, the items output and the warehouses the sandbox holds afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 10, strict: true }, 'warehouse');

const db = () => v2.sandbox().control.db;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
const FORM = {
	name: ' Lager Nord ',
	street: 'Hafenweg',
	houseNumber: '3a',
	postcode: '24103',
	city: 'Kiel',
	country: 'de',
	phone: '+49 431 55555',
};

describe('Warehouse → Get Many, Get', () => {
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

	it('reads one warehouse', async () => {
		const run = await v2.run({ operation: 'get', warehouseId: byId(2) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/warehouses/2', status: 200 });
		expect(run.items[0].json).toMatchObject({ id_warehouse: 2, name: 'Lager Süd', is_default: false });
	});
});

describe('Warehouse → Create', () => {
	it('sends the trimmed name, the address with the country upper-cased; the sandbox holds it', async () => {
		const run = await v2.run({ operation: 'create', ...FORM });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: '/warehouses', status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			name: 'Lager Nord',
			address: {
				street: 'Hafenweg',
				house_number: '3a',
				postcode: '24103',
				city: 'Kiel',
				country: 'DE',
				phone: '+49 431 55555',
			},
			is_default: false,
		});
		const id = Number(run.items[0].json.id_warehouse);
		expect(run.items[0].json).toMatchObject({
			name: 'Lager Nord',
			is_default: false,
			address: { country: 'DE', phone: '+49 431 55555' },
		});
		expect(db().warehouses.find((w) => w.id_warehouse === id)).toMatchObject({
			name: 'Lager Nord',
			address: { city: 'Kiel' },
		});
	});

	it('a new default takes over from the old one', async () => {
		const run = await v2.run({ operation: 'create', ...FORM, phone: '', isDefault: true });
		expect(run.error).toBeUndefined();
		expect(body().address).not.toHaveProperty('phone');
		expect(
			db()
				.warehouses.filter((w) => w.is_default)
				.map((w) => w.name),
		).toEqual(['Lager Nord']);
	});

	it.each([
		[{ country: 'Germany' }, '"Country" must be a two-letter country code such as DE, but it is "Germany" [item 0]'],
		[{ city: '  ' }, '"City" is required and cannot be empty [item 0]'],
	])('refuses %p before sending', async (change, message) => {
		const run = await v2.run({ operation: 'create', ...FORM, ...change });
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(0);
	});
});

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
