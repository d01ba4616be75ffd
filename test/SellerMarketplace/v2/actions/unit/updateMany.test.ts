/** Unit → Update Many (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { nodeTypes } from '../../../../harness/workflow';
import { expectSigned } from '../../setup';
import { useUnitSandbox } from './setup';

const { v2, db, storefrontOf, unitsIn, unitById, warehouseName, body, addUnits } = useUnitSandbox();

/** The units the bulk requests (POST /units/bulk) carried, in the order sent: [id_unit, unit_data]. */
const written = () =>
	v2
		.requests()
		.filter((request) => request.method === 'POST' && request.path === '/units/bulk')
		.flatMap((request) => JSON.parse(request.body) as Array<{ id_unit: number; unit_data: IDataObject }>);

describe('Unit → Update Many (POST /units/bulk, 150 units a request)', () => {
	it('changes several units in one request and outputs each changed unit for its item', async () => {
		const [a, b, c] = unitsIn('de');
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: '={{ $json.stock }}' } },
			{ items: [a, b, c].map((unit, index) => ({ json: { id: unit.id_unit, stock: index + 10 } })) },
		);
		expect(run.error).toBeUndefined();
		// Stock only: each unit's current listing price is read first, then all go in one request.
		expect(
			v2
				.requests()
				.map((request) => `${request.method} ${request.rawUrl}`)
				.sort(),
		).toEqual(
			[
				...[a, b, c].map((unit) => `GET /v2/units/${unit.id_unit}?storefront=de`),
				'POST /v2/units/bulk?storefront=de',
			].sort(),
		);
		const bulk = v2.requests().length - 1;
		expect(v2.requests()[bulk]).toMatchObject({
			method: 'POST',
			path: '/units/bulk',
			query: { storefront: 'de' },
			status: 207,
		});
		expectSigned(v2.requests()[bulk], v2.credentials());
		expect(body(bulk)).toEqual(
			[a, b, c].map((unit, index) => ({
				id_unit: unit.id_unit,
				unit_data: { amount: index + 10, listing_price: unit.listing_price },
			})),
		);
		expect(run.items.map((item) => [item.pairedItem, item.json.id_unit, item.json.amount])).toEqual([
			[{ item: 0 }, a.id_unit, 10],
			[{ item: 1 }, b.id_unit, 11],
			[{ item: 2 }, c.id_unit, 12],
		]);
		expect([a, b, c].map((unit) => unitById(unit.id_unit)!.amount)).toEqual([10, 11, 12]);
	});

	it('a unit the marketplace refuses: the error names the unit and the field, and says the others were changed', async () => {
		const [a, b] = unitsIn('de');
		const items = [{ json: { id: a.id_unit, warehouse: 9 } }, { json: { id: b.id_unit, warehouse: 2 } }];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { warehouseId: '={{ $json.warehouse }}' } },
			{ items },
		);
		expect(v2.requests().map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
		expect(run.error?.message).toBe(
			`Unit ${a.id_unit} was not updated: the marketplace refused "Warehouse" (id_warehouse): 9 is not one of your warehouses`,
		);
		expect(run.error?.description).toContain('Sent in the same run and applied (not undone): item 1.');
		expect(unitById(b.id_unit)!.warehouse).toBe(warehouseName(2));

		const lenient = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { warehouseId: '={{ $json.warehouse }}' } },
			{ items, continueOnFail: true },
		);
		expect(lenient.items.map((item) => [item.pairedItem, item.json.error ?? item.json.id_warehouse])).toEqual([
			[{ item: 0 }, expect.stringContaining(`Unit ${a.id_unit} was not updated`)],
			[{ item: 1 }, 2],
		]);
	});

	it('splits 151 units into requests of 150 and 1', async () => {
		addUnits(130);
		const units = unitsIn('de').slice(0, 151);
		expect(units).toHaveLength(151);
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { handlingTime: 3, listingPrice: 999_999 } },
			{ items: units.map((unit) => ({ json: { id: unit.id_unit } })) },
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => (JSON.parse(request.body) as unknown[]).length)).toEqual([150, 1]);
		expect(run.items).toHaveLength(151);
		expect(run.items.every((item) => item.json.handling_time === 3)).toBe(true);
	});

	it('1,000 stock-only rows take their prices from the offer list: a read per 100 offers and 7 writes (before: 1,000 reads)', async () => {
		addUnits(1000);
		const units = unitsIn('de').slice(0, 1000);
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: '={{ $json.stock }}' } },
			{ items: units.map((unit, index) => ({ json: { id: unit.id_unit, stock: index % 7 } })) },
		);
		expect(run.error).toBeUndefined();
		const offers =
			unitsIn('de').length +
			db().units.filter((unit) => storefrontOf(unit) === 'de' && unit.condition === 'download').length;
		const sent = v2.requests().map((request) => `${request.method} ${request.path}`);
		expect(sent.filter((request) => request === 'GET /units')).toHaveLength(Math.ceil(offers / 100));
		expect(sent.filter((request) => request.startsWith('GET /units/'))).toEqual([]);
		expect(sent.filter((request) => request === 'POST /units/bulk')).toHaveLength(7);
		// Each unit written with the listing price the list gave, and its new stock.
		expect(written()).toEqual(
			units.map((unit, index) => ({
				id_unit: unit.id_unit,
				unit_data: { amount: index % 7, listing_price: unit.listing_price },
			})),
		);
		expect(run.items).toHaveLength(1000);
	});

	it('with the offer list read, a unit it does not hold is read by itself; one that does not exist fails its item only', async () => {
		const units = unitsIn('de').slice(0, 4);
		const items = [...units.map((unit) => unit.id_unit), 999999].map((id) => ({ json: { id } }));
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: 4 } },
			{ items, continueOnFail: true },
		);
		const sent = v2.requests().map((request) => `${request.method} ${request.path} ${request.status}`);
		expect(sent.filter((request) => request.startsWith('GET /units/'))).toEqual(['GET /units/999999 404']);
		expect(sent.filter((request) => request.startsWith('POST'))).toEqual(['POST /units/bulk 207']);
		expect(
			run.items.map((item) => [item.pairedItem, item.json.error === undefined ? item.json.amount : 'error']),
		).toEqual([...units.map((_, item) => [{ item }, 4]), [{ item: 4 }, 'error']]);
		expect(units.map((unit) => unitById(unit.id_unit)!.amount)).toEqual([4, 4, 4, 4]);
	});

	it('only the units without a price set are read; a price set is sent as it is', async () => {
		const [a, b] = unitsIn('de');
		const newPrice = a.listing_price + 1;
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: 2, listingPrice: '={{ $json.price }}' },
			},
			{ items: [{ json: { id: a.id_unit, price: newPrice } }, { json: { id: b.id_unit, price: '' } }] },
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /units/${b.id_unit}`,
			'POST /units/bulk',
		]);
		expect(body(1)).toEqual([
			{ id_unit: a.id_unit, unit_data: { amount: 2, listing_price: newPrice } },
			{ id_unit: b.id_unit, unit_data: { amount: 2, listing_price: b.listing_price } },
		]);
	});

	it('a unit whose price cannot be read fails its item (Continue On Fail) and is not sent; the others are', async () => {
		const a = unitsIn('de')[0];
		const items = [{ json: { id: 999999 } }, { json: { id: a.id_unit } }];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: 6 } },
			{ items, continueOnFail: true },
		);
		expect(
			v2
				.requests()
				.map((request) => `${request.method} ${request.path} ${request.status}`)
				.sort(),
		).toEqual([`GET /units/999999 404`, `GET /units/${a.id_unit} 200`, 'POST /units/bulk 207'].sort());
		expect(body(2)).toEqual([{ id_unit: a.id_unit, unit_data: { amount: 6, listing_price: a.listing_price } }]);
		expect(
			run.items.map((item) => [item.pairedItem, item.json.error === undefined ? item.json.amount : 'error']),
		).toEqual([
			[{ item: 0 }, 'error'],
			[{ item: 1 }, 6],
		]);
	});

	it('without Continue On Fail, a unit whose price cannot be read stops the run before any unit is changed', async () => {
		const a = unitsIn('de')[0];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: 6 } },
			{ items: [{ json: { id: a.id_unit } }, { json: { id: 999999 } }] },
		);
		expect(run.error?.message).toMatch(/999999/);
		expect(v2.requests().map((request) => request.method)).not.toContain('POST');
		expect(unitById(a.id_unit)!.amount).not.toBe(6);
	});

	it('the same unit in two items is refused before anything is sent', async () => {
		const unit = unitsIn('de')[0];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: 1 } },
			{ items: [{ json: { id: unit.id_unit } }, { json: { id: 1 } }, { json: { id: unit.id_unit } }] },
		);
		expect(run.error?.message).toBe(`"Unit" ${unit.id_unit} is also in item 0: update each unit once per run [item 2]`);
		expect(v2.requests()).toHaveLength(0);
	});

	it('an item with bad input is refused before anything is sent', async () => {
		const [a, b] = unitsIn('de');
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { listingPrice: '={{ $json.price }}' } },
			{ items: [{ json: { id: a.id_unit, price: 100 } }, { json: { id: b.id_unit, price: '9,99' } }] },
		);
		expect(run.error?.message).toBe(
			'"Listing Price (in Cents)" must be a whole number of at least 1, but it is "9,99" [item 1]',
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it('every bad row is named in one error, not only the first, and nothing is sent (before: the first only)', async () => {
		const [a, b, c] = unitsIn('de');
		const rows = [
			{ id: a.id_unit, price: 100 },
			{ id: b.id_unit, price: '9,99' },
			{ id: c.id_unit, price: 200 },
			{ id: 'abc', price: 300 },
			{ id: a.id_unit + 100000, price: -5 },
		];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { listingPrice: '={{ $json.price }}' } },
			{ items: rows.map((json) => ({ json })) },
		);
		expect(run.error?.message).toBe(
			'"Listing Price (in Cents)" must be a whole number of at least 1, but it is "9,99" [item 1]',
		);
		// The editor shows the description as HTML: one line each.
		expect(String((run.error as { description?: string }).description).split('<br>')).toEqual([
			'Nothing was sent: 3 items were refused. The others:',
			'item 3: "Unit" must be a positive whole number, but it is "abc" [item 3]',
			'item 4: "Listing Price (in Cents)" must be a whole number of at least 1, but it is -5 [item 4]',
		]);
		expect(v2.requests()).toHaveLength(0);
	});

	it("with the node's error output on, the units the marketplace refuses and the repeated rows go to the error output, the others are written (before: a refusal with details stayed on the success output)", async () => {
		const [a, b, c] = unitsIn('de');
		const rows = [
			{ id: a.id_unit, sku: a.id_offer, warehouse: 2 },
			// a warehouse the seller does not have: refused by the marketplace in the 207 answer
			{ id: b.id_unit, sku: b.id_offer, warehouse: 9 },
			{ id: a.id_unit, sku: a.id_offer, warehouse: 2 },
			{ id: c.id_unit, sku: c.id_offer, warehouse: 2 },
		];
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: 3, listingPrice: 1999, warehouseId: '={{ $json.warehouse }}' },
			},
			{ items: rows.map((json) => ({ json })), errorOutput: true },
		);
		expect(run.error).toBeUndefined();
		const outputs = run.run.data.resultData.runData['Seller Marketplace'][0].data!.main;
		expect(outputs[0]!.map((item) => [item.pairedItem, item.json.id_unit, item.json.amount])).toEqual([
			[{ item: 0 }, a.id_unit, 3],
			[{ item: 3 }, c.id_unit, 3],
		]);
		expect(outputs[1]!.map((item) => [item.pairedItem, String(item.json.error).split(':')[0]])).toEqual([
			[{ item: 1 }, `Unit ${b.id_unit} was not updated`],
			[{ item: 2 }, `"Unit" ${a.id_unit} is also in item 0`],
		]);
		expect(outputs[1]![0].json.error).toContain('refused "Warehouse" (id_warehouse)');
		expect(body(0)).toEqual(
			[a, b, c].map((unit, index) => ({
				id_unit: unit.id_unit,
				unit_data: { amount: 3, listing_price: 1999, id_warehouse: rows[[0, 1, 3][index]].warehouse },
			})),
		);
	});

	it('every repeated unit is named, and nothing is sent', async () => {
		const [a, b] = unitsIn('de');
		const ids = [a.id_unit, b.id_unit, a.id_unit, b.id_unit, a.id_unit];
		const run = await v2.run(
			{ operation: 'updateMany', unitId: '={{ $json.id }}', updateFields: { amount: 1, listingPrice: 999 } },
			{ items: ids.map((id) => ({ json: { id } })) },
		);
		expect(run.error?.message).toBe(`"Unit" ${a.id_unit} is also in item 0: update each unit once per run [item 2]`);
		expect((run.error as { description?: string }).description).toBe(
			'Nothing was sent. Also repeated: item 3, item 4.',
		);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Unit → Update Many: Map Automatically (the columns named as the API and the offer list name them)', () => {
	it('sends the recognised columns of each item, leaving out empty cells and other columns', async () => {
		const [a, b] = unitsIn('de');
		// a unit as the offer list outputs it, read, given a new stock and written back
		const listed = (await v2.run({ operation: 'getMany', returnAll: true })).items.find(
			(item) => item.json.id_unit === a.id_unit,
		)!.json;
		const readRequests = v2.requests().length;
		const writable = [
			'amount',
			'battery_participation',
			'eco_participation',
			'handling_time',
			'id_shipping_group',
			'id_warehouse',
			'listing_price',
			'manufacturer_guarantee_years',
			'minimum_price',
			'note',
			'status',
			'vat_indicator',
		];
		const run = await v2.run(
			{ operation: 'updateMany', mappingMode: 'autoMapInputData' },
			{
				items: [
					{ json: { ...listed, amount: 9, note: null } },
					{ json: { id_unit: String(b.id_unit), amount: '4', listing_price: 1234, handling_time: '', colour: 'red' } },
				],
			},
		);
		expect(run.error).toBeUndefined();
		expect(
			v2
				.requests()
				.slice(readRequests)
				.map((request) => `${request.method} ${request.path}`),
		).toEqual(['POST /units/bulk']);
		const expectedFirst = Object.fromEntries(
			writable
				.filter((column) => listed[column] !== undefined && listed[column] !== null && column !== 'note')
				.map((column) => [column, column === 'amount' ? 9 : listed[column]]),
		);
		expect(Object.keys(expectedFirst)).toEqual(expect.arrayContaining(['amount', 'listing_price', 'handling_time']));
		expect(written()).toEqual([
			{ id_unit: a.id_unit, unit_data: expectedFirst },
			{ id_unit: b.id_unit, unit_data: { amount: 4, listing_price: 1234 } },
		]);
		expect(run.items.map((item) => [item.pairedItem, item.json.id_unit, item.json.amount])).toEqual([
			[{ item: 0 }, a.id_unit, 9],
			[{ item: 1 }, b.id_unit, 4],
		]);
		expect(unitById(b.id_unit)).toMatchObject({ amount: 4, listing_price: 1234 });
	});

	it('stock-only columns take each price from the offer list, as the form does', async () => {
		const units = unitsIn('de').slice(0, 5);
		const run = await v2.run(
			{ operation: 'updateMany', mappingMode: 'autoMapInputData', options: { stockBuffer: 1 } },
			{ items: units.map((unit, index) => ({ json: { id_unit: unit.id_unit, amount: index + 5 } })) },
		);
		expect(run.error).toBeUndefined();
		expect(written()).toEqual(
			units.map((unit, index) => ({
				id_unit: unit.id_unit,
				unit_data: { amount: index + 4, listing_price: unit.listing_price },
			})),
		);
	});

	it('each bad row is refused naming the item and the field or column, before anything is sent; with Continue On Fail the good rows are written', async () => {
		const [a, b, c, d, e] = unitsIn('de');
		const items = [
			{ json: { id_unit: a.id_unit, amount: 3, listing_price: 999 } },
			{ json: { amount: 3, listing_price: 999 } },
			{ json: { id_unit: c.id_unit, stock: 3 } },
			{ json: { id_unit: d.id_unit, amount: -1, listing_price: 999 } },
			{ json: { id_unit: e.id_unit, amount: 1, listing_price: 999, status: 'SOLD' } },
			{ json: { id_unit: 'abc', amount: 1, listing_price: 999 } },
			{ json: { id_unit: b.id_unit, amount: 1, listing_price: 999, note: 'x'.repeat(251) } },
		];
		const run = await v2.run({ operation: 'updateMany', mappingMode: 'autoMapInputData' }, { items });
		expect(v2.requests()).toHaveLength(0);
		expect(run.error?.message).toBe(
			'The item has no column "id_unit": with "Map Automatically" each item names its unit there [item 1]',
		);
		const others = run.error?.description ?? '';
		expect(others).toContain('Nothing was sent: 6 items were refused.');
		expect(others).toContain(
			'item 2: The item has none of the columns "Map Automatically" changes: amount, battery_participation',
		);
		expect(others).toMatch(/item 3: "Stock" .*-1/);
		expect(others).toContain('item 4: "Status" has an unknown value "SOLD"');
		expect(others).toMatch(/item 5: "Unit" .*"abc"/);
		expect(others).toContain('item 6: "Note" must be at most 250 characters, but it has 251');

		const lenient = await v2.run(
			{ operation: 'updateMany', mappingMode: 'autoMapInputData' },
			{ items, continueOnFail: true },
		);
		expect(written()).toEqual([{ id_unit: a.id_unit, unit_data: { amount: 3, listing_price: 999 } }]);
		expect(lenient.items.map((item) => [item.pairedItem, item.json.error === undefined])).toEqual([
			[{ item: 0 }, true],
			...[1, 2, 3, 4, 5, 6].map((index) => [{ item: index }, false]),
		]);
	});

	it('hides the unit and Update Fields of the form, which it replaces', () => {
		const { properties } = (
			nodeTypes().getByNameAndVersion('n8n-nodes-seller-marketplace.sellerMarketplace', 2.1) as INodeType
		).description;
		const updateManyOnly = properties.filter(
			(property) =>
				property.displayOptions?.show?.operation?.includes('updateMany') &&
				['unitId', 'updateFields'].includes(property.name),
		);
		expect(updateManyOnly.map((property) => [property.name, property.displayOptions?.show?.mappingMode])).toEqual([
			['unitId', ['defineBelow']],
			['updateFields', ['defineBelow']],
		]);
	});
});

describe('Unit → Update Many: Options (stock rules, Only Changed Offers, Zero Stock First)', () => {
	it("Stock Buffer, Send 0 Below and Maximum Stock turn each row's stock into the stock sent", async () => {
		const units = unitsIn('de').slice(0, 6);
		const stocks = [0, 2, 5, 7, 50, 500];
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: '={{ $json.stock }}', listingPrice: '={{ $json.price }}' },
				options: { stockBuffer: 2, zeroBelow: 3, maxStock: 100 },
			},
			{
				items: units.map((unit, index) => ({
					json: { id: unit.id_unit, stock: stocks[index], price: unit.listing_price },
				})),
			},
		);
		expect(run.error).toBeUndefined();
		// buffer 2 kept back (never below 0), then below 3 → 0, then at most 100
		const sent = [0, 0, 3, 5, 48, 100];
		expect(written()).toEqual(
			units.map((unit, index) => ({
				id_unit: unit.id_unit,
				unit_data: { amount: sent[index], listing_price: unit.listing_price },
			})),
		);
		expect(units.map((unit) => unitById(unit.id_unit)!.amount)).toEqual(sent);
		expect(run.items.map((item) => item.json.amount)).toEqual(sent);
	});

	it('a rule value that is not a whole number of at least 0 is refused, naming the option and the item, before anything is sent', async () => {
		const [a, b] = unitsIn('de');
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: 5, listingPrice: 999 },
				options: { stockBuffer: '={{ $json.buffer }}' },
			},
			{ items: [{ json: { id: a.id_unit, buffer: 1 } }, { json: { id: b.id_unit, buffer: -2 } }] },
		);
		expect(run.error?.message).toBe('"Stock Buffer" must be a whole number of at least 0, but it is -2 [item 1]');
		expect(v2.requests()).toHaveLength(0);

		const noStock = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { listingPrice: 999 },
				options: { maxStock: 10 },
			},
			{ items: [{ json: { id: a.id_unit } }] },
		);
		expect(noStock.error?.message).toBe(
			'"Maximum Stock" changes the stock sent, but the item sets no "Stock" (amount): add it, or remove the option [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it('Only Changed Offers: the offer list is read once, only the units whose values differ are written, the others output as listed', async () => {
		addUnits(250);
		// copies: the sandbox changes its own records
		const units = unitsIn('de')
			.slice(0, 250)
			.map((unit) => ({ ...unit }));
		// every third row differs in stock, every fifth in price; the rest equal what the marketplace lists
		const rows = units.map((unit, index) => ({
			id: unit.id_unit,
			stock: index % 3 === 0 ? unit.amount + 1 : unit.amount,
			price: index % 5 === 0 ? unit.listing_price + 1 : '',
		}));
		const changed = units.filter((_, index) => index % 3 === 0 || index % 5 === 0);
		const parameters = {
			operation: 'updateMany',
			unitId: '={{ $json.id }}',
			updateFields: { amount: '={{ $json.stock }}', listingPrice: '={{ $json.price }}' },
			options: { onlyChanged: true },
		};
		const run = await v2.run(parameters, { items: rows.map((json) => ({ json })) });
		expect(run.error).toBeUndefined();
		const offers = db().units.filter((unit) => storefrontOf(unit) === 'de').length;
		const sent = v2.requests().map((request) => `${request.method} ${request.path}`);
		expect(sent.filter((request) => request === 'GET /units')).toHaveLength(Math.ceil(offers / 100));
		expect(sent.filter((request) => request.startsWith('GET /units/'))).toEqual([]);
		expect(sent.filter((request) => request === 'POST /units/bulk')).toHaveLength(1);
		expect(written().map((entry) => entry.id_unit)).toEqual(changed.map((unit) => unit.id_unit));
		// a stock-only change carries the listed price; a price change its own
		expect(written()[1]).toEqual({
			id_unit: units[3].id_unit,
			unit_data: { amount: units[3].amount + 1, listing_price: units[3].listing_price },
		});
		// one item per row, in order: the changed unit as the marketplace answered, the others as listed
		expect(run.items.map((item) => [item.pairedItem, item.json.id_unit, item.json.amount])).toEqual(
			rows.map((row, item) => [{ item }, row.id, row.stock]),
		);

		// the same rows again: nothing differs any more, nothing is written
		v2.sandbox().control.clearRequests();
		const again = await v2.run(parameters, { items: rows.map((json) => ({ json })) });
		expect(again.error).toBeUndefined();
		expect(v2.requests().filter((request) => request.method !== 'GET')).toEqual([]);
		expect(again.items.map((item) => item.json.id_unit)).toEqual(rows.map((row) => row.id));
	});

	it('the stock rules apply before Only Changed Offers compares: a row whose stock after the buffer is the listed one is not written', async () => {
		const [a, b] = unitsIn('de').map((unit) => ({ ...unit }));
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: '={{ $json.stock }}' },
				options: { stockBuffer: 2, onlyChanged: true },
			},
			{
				items: [{ json: { id: a.id_unit, stock: a.amount + 2 } }, { json: { id: b.id_unit, stock: b.amount + 3 } }],
			},
		);
		expect(run.error).toBeUndefined();
		expect(written()).toEqual([
			{ id_unit: b.id_unit, unit_data: { amount: b.amount + 1, listing_price: b.listing_price } },
		]);
		expect(run.items.map((item) => item.json.amount)).toEqual([a.amount, b.amount + 1]);
	});

	it('Zero Stock First: the units going to 0 are in the first request, ahead of the others', async () => {
		addUnits(200);
		const units = unitsIn('de').slice(0, 200);
		const soldOut = new Set([10, 160, 199]);
		const run = await v2.run(
			{
				operation: 'updateMany',
				unitId: '={{ $json.id }}',
				updateFields: { amount: '={{ $json.stock }}', listingPrice: '={{ $json.price }}' },
				options: { zeroFirst: true },
			},
			{
				items: units.map((unit, index) => ({
					json: { id: unit.id_unit, stock: soldOut.has(index) ? 0 : 9, price: unit.listing_price },
				})),
			},
		);
		expect(run.error).toBeUndefined();
		const requests = v2.requests().filter((request) => request.method === 'POST');
		expect(requests.map((request) => (JSON.parse(request.body) as unknown[]).length)).toEqual([150, 50]);
		const order = written().map((entry) => entry.id_unit);
		expect(order.slice(0, 3)).toEqual([...soldOut].map((index) => units[index].id_unit));
		expect(order.slice(3)).toEqual(units.filter((_, index) => !soldOut.has(index)).map((unit) => unit.id_unit));
		// the output keeps the input order
		expect(run.items.map((item) => item.json.id_unit)).toEqual(units.map((unit) => unit.id_unit));
	});
});
