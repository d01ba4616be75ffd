/**
 * Unit (Offer): Create, Get Many, Get, Update and Delete, run through n8n-core against the sandbox. Every
 * test asserts the request the sandbox received and the items the node output; seed records come from
 * `sandbox.control.db`.
 */
import type { Item, Sandbox, Unit } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const db = () => sandbox.control.db;
const publicOf = <T extends object>(record: T) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));
const unitById = (id: number) => db().units.find((unit) => unit.id_unit === id);
/** An item the seller does not offer yet. */
const itemWithoutUnit = (): Item =>
	db().items.find((item) => !db().units.some((unit) => unit.id_item === item.id_item))!;
const firstUnit = (): Unit => db().units[0];

describe('Unit → Create', () => {
	it('offers a product by EAN with every field, and outputs the new unit ID', async () => {
		const item = itemWithoutUnit();
		const warehouse = db().warehouses.find((entry) => !entry.is_default)!;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'unit',
				operation: 'create',
				identifyBy: 'ean',
				ean: item.eans[0],
				condition: 'new',
				listingPrice: 2499,
				amount: 7,
				offerId: ' SKU-NEW-1 ',
				additionalFields: {
					minimumPrice: 1999,
					note: 'Originalverpackt',
					deliveryTimeMin: 2,
					deliveryTimeMax: 4,
					shippingGroup: 'spedition',
					warehouse: String(warehouse.id_warehouse),
					location: 'de',
				},
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/units/',
			query: {},
			signatureValid: true,
			status: 201,
		});
		expect(requests()[0].json).toEqual({
			ean: item.eans[0],
			condition: 'new',
			listing_price: 2499,
			minimum_price: 1999,
			amount: 7,
			note: 'Originalverpackt',
			delivery_time_min: 2,
			delivery_time_max: 4,
			shipping_group: 'spedition',
			warehouse: String(warehouse.id_warehouse),
			location: 'DE',
			id_offer: 'SKU-NEW-1',
		});
		const created = db().units.find((unit) => unit.id_offer === 'SKU-NEW-1')!;
		expect(run.items.map((entry) => entry.json)).toEqual([
			{ success: true, id_unit: created.id_unit, id: String(created.id_unit), location: `/units/${created.id_unit}/` },
		]);
		expect(created).toMatchObject({
			id_item: item.id_item,
			listing_price: 2499,
			amount: 7,
			warehouse: warehouse.name,
			shipping_group: 'spedition',
		});
	});

	it('offers a product by item ID with only the required fields', async () => {
		const unit = firstUnit();

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'unit',
				operation: 'create',
				identifyBy: 'itemId',
				itemId: String(unit.id_item),
				condition: 'used - good',
				listingPrice: 1500,
				amount: 0,
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({ method: 'POST', path: '/units/', signatureValid: true, status: 201 });
		expect(requests()[0].json).toEqual({
			id_item: unit.id_item,
			condition: 'used - good',
			listing_price: 1500,
			amount: 0,
		});
		const created = db().units.find((entry) => entry.id_item === unit.id_item && entry.condition === 'used - good')!;
		expect(run.items[0].json).toMatchObject({ success: true, id_unit: created.id_unit });
	});

	const create = (parameters: Record<string, unknown>) => ({
		resource: 'unit',
		operation: 'create',
		identifyBy: 'ean',
		ean: '4006381333931',
		condition: 'new',
		listingPrice: 1999,
		amount: 1,
		...parameters,
	});

	it.each([
		[
			'an EAN with letters',
			create({ ean: '40063813339X1' }),
			'"EAN" must be 8 to 14 digits, but it is "40063813339X1" [item 0]',
		],
		['an EAN of 7 digits', create({ ean: '4006381' }), '"EAN" must be 8 to 14 digits, but it is "4006381" [item 0]'],
		[
			'an item ID that is not a number',
			create({ identifyBy: 'itemId', itemId: 'abc' }),
			'"Item" must be a positive whole number, but it is "abc" [item 0]',
		],
		[
			'a listing price with decimals',
			create({ listingPrice: 19.99 }),
			'"Listing Price (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is 19.99 [item 0]',
		],
		[
			'a negative listing price',
			create({ listingPrice: -5 }),
			'"Listing Price (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is -5 [item 0]',
		],
		[
			'a listing price of 0',
			create({ listingPrice: 0 }),
			'"Listing Price (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is 0 [item 0]',
		],
		[
			'a minimum price given as text with decimals',
			create({ additionalFields: { minimumPrice: '12.5' } }),
			'"Minimum Price (in Cents)" must be a whole number of cents (e.g. 1999 for 19.99), but it is "12.5" [item 0]',
		],
		['a negative stock', create({ amount: -1 }), '"Stock" must be a whole number of at least 0, but it is -1 [item 0]'],
		[
			'a stock with decimals',
			create({ amount: 2.5 }),
			'"Stock" must be a whole number of at least 0, but it is 2.5 [item 0]',
		],
		[
			'a minimum delivery time above the maximum',
			create({ additionalFields: { deliveryTimeMin: 5, deliveryTimeMax: 2 } }),
			'"Delivery Time Min (Days)" (5) must not be more than "Delivery Time Max (Days)" (2) [item 0]',
		],
		[
			'a minimum price above the listing price',
			create({ additionalFields: { minimumPrice: 2500 } }),
			'"Minimum Price (in Cents)" (2500) must not be above "Listing Price (in Cents)" (1999) [item 0]',
		],
		[
			'an unknown condition',
			create({ condition: '={{ "refurbished" }}' }),
			'"Condition" has an unknown value "refurbished" [item 0]',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, { parameters });

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Unit → Get Many', () => {
	it('reads every page of units with Return All', async () => {
		const units = db().units;
		expect(units.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(2);
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/units/seller/', signatureValid: true, status: 200 });
		}
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		expect(run.items.map((item) => item.json)).toEqual(units.map(publicOf));
	});

	it('stops at the Limit', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'getMany', returnAll: false, limit: 5 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/units/seller/',
			query: { limit: '5', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual(db().units.slice(0, 5).map(publicOf));
	});

	it('filters by item, EAN and offer ID and includes the item', async () => {
		const unit = db().units[3];
		const item = db().items.find((entry) => entry.id_item === unit.id_item)!;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'unit',
				operation: 'getMany',
				returnAll: true,
				filters: { itemId: String(unit.id_item), ean: unit.ean, offerId: unit.id_offer },
				embedded: ['item'],
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/units/seller/',
			query: {
				id_item: String(unit.id_item),
				ean: unit.ean,
				id_offer: unit.id_offer,
				embedded: 'item',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
		});
		expect(run.items.map((entry) => entry.json)).toEqual([{ ...publicOf(unit), item: publicOf(item) }]);
	});

	it.each([
		['an EAN filter of 7 digits', { ean: '4006381' }, '"EAN" must be 8 to 14 digits, but it is "4006381" [item 0]'],
		[
			'an item ID filter that is not a number',
			{ itemId: 'x1' },
			'"Item ID" must be a whole number of at least 1, but it is "x1" [item 0]',
		],
	])('refuses %s before sending anything', async (_case, filters, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'getMany', returnAll: true, filters },
		});

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Unit → Get', () => {
	it('reads one unit with its item', async () => {
		const unit = firstUnit();
		const item = db().items.find((entry) => entry.id_item === unit.id_item)!;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'get', unitId: String(unit.id_unit), embedded: ['item'] },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/units/${unit.id_unit}/`,
			query: { embedded: 'item' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((entry) => entry.json)).toEqual([{ ...publicOf(unit), item: publicOf(item) }]);
	});

	it('reports a unit that does not exist (404) by its ID', async () => {
		const missing = Math.max(...db().units.map((unit) => unit.id_unit)) + 1;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'get', unitId: String(missing) },
		});

		expect(requests()[0]).toMatchObject({ path: `/units/${missing}/`, signatureValid: true, status: 404 });
		expect(run.error?.message).toBe(`Could not get unit ${missing}: it was not found`);
		expect(run.error?.httpCode).toBe('404');
	});
});

describe('Unit → Update', () => {
	it('patches only the fields given and outputs the unit ID', async () => {
		// A copy: the sandbox changes its live record.
		const unit = { ...firstUnit() };
		const newPrice = unit.listing_price + 100;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'unit',
				operation: 'update',
				unitId: String(unit.id_unit),
				updateFields: { listingPrice: newPrice, amount: 0, deliveryTimeMax: 9 },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/units/${unit.id_unit}/`,
			query: {},
			signatureValid: true,
			status: 204,
		});
		expect(requests()[0].json).toEqual({ listing_price: newPrice, amount: 0, delivery_time_max: 9 });
		expect(run.items.map((entry) => entry.json)).toEqual([{ success: true, id_unit: unit.id_unit }]);
		expect(unitById(unit.id_unit)).toMatchObject({
			listing_price: newPrice,
			price: newPrice,
			amount: 0,
			delivery_time_max: 9,
			note: unit.note,
		});
	});

	it.each([
		[
			'no field to change',
			{ unitId: '500001', updateFields: {} },
			'"Update Fields": add at least one field to change [item 0]',
		],
		[
			'a unit ID that is not a number',
			{ unitId: 'SKU-00001', updateFields: { amount: 1 } },
			'"Unit" must be a positive whole number, but it is "SKU-00001" [item 0]',
		],
		[
			'a negative price',
			{ unitId: '500001', updateFields: { listingPrice: -1 } },
			'"Listing Price (in Cents)" must be a whole number of cents above 0 (e.g. 1999 for 19.99), but it is -1 [item 0]',
		],
		[
			'a minimum delivery time above the maximum',
			{ unitId: '500001', updateFields: { deliveryTimeMin: 10, deliveryTimeMax: 3 } },
			'"Delivery Time Min (Days)" (10) must not be more than "Delivery Time Max (Days)" (3) [item 0]',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'update', ...parameters },
		});

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Unit → Delete', () => {
	it('deletes the unit and outputs { deleted: true }', async () => {
		const unit = firstUnit();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'delete', unitId: String(unit.id_unit) },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/units/${unit.id_unit}/`,
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run.items.map((entry) => entry.json)).toEqual([{ deleted: true }]);
		expect(unitById(unit.id_unit)).toBeUndefined();
	});

	it('reports a unit that is already gone (404)', async () => {
		const missing = Math.max(...db().units.map((unit) => unit.id_unit)) + 1;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'delete', unitId: String(missing) },
		});

		expect(requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/units/${missing}/`,
			signatureValid: true,
			status: 404,
		});
		expect(run.error?.message).toBe(`Could not delete unit ${missing}: it was not found`);
	});
});
