/**
 * Item: Search and Get, run through n8n-core against the sandbox. Every test asserts the request the
 * sandbox received and the items the node output; seed records come from `sandbox.control.db`.
 */
import type { Item, Sandbox } from '../../../sandbox';
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
const categoryOf = (item: Item) =>
	publicOf(db().categories.find((category) => category.id_category === item.id_category)!);
/** Offers on a public item show `price`, not the seller-only listing fields. */
const offersOf = (item: Item) =>
	db()
		.units.filter((unit) => unit.id_item === item.id_item)
		.map((unit) => {
			const { listing_price: _listing, minimum_price: _minimum, id_offer: _offer, ...rest } = publicOf(unit);
			return rest;
		});
const itemWithUnits = () => db().items.find((item) => db().units.some((unit) => unit.id_item === item.id_item))!;

describe('Item → Search', () => {
	it('searches by term, includes the category, and outputs one item per match', async () => {
		const expected = db().items.filter((item) =>
			`${item.title} ${item.manufacturer}`.toLowerCase().includes('kopfhörer'),
		);
		expect(expected.length).toBeGreaterThan(1);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'item',
				operation: 'search',
				searchTerm: 'Kopfhörer',
				embedded: ['category'],
				returnAll: true,
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/items/',
			query: { q: 'Kopfhörer', embedded: 'category', limit: '30', offset: '0' },
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual(
			expected.map((item) => ({ ...publicOf(item), category: categoryOf(item) })),
		);
	});

	it('finds an item by EAN with the offers of all sellers', async () => {
		const item = itemWithUnits();
		const ean = item.eans[0];

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'search', ean, embedded: ['units'], limit: 5 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/items/',
			query: { ean, embedded: 'units', limit: '5', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((entry) => entry.json)).toEqual([{ ...publicOf(item), units: offersOf(item) }]);
		expect(offersOf(item).length).toBeGreaterThan(0);
	});

	it('stops at the Limit', async () => {
		const matching = db().items.filter((item) => `${item.title} ${item.manufacturer}`.toLowerCase().includes('e'));
		expect(matching.length).toBeGreaterThan(3);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'search', searchTerm: 'e', returnAll: false, limit: 3 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0].query).toEqual({ q: 'e', limit: '3', offset: '0' });
		expect(run.items.map((item) => item.json.id_item)).toEqual(matching.slice(0, 3).map((item) => item.id_item));
	});

	it.each([
		[
			'neither a search term nor an EAN',
			{ searchTerm: ' ', ean: '' },
			'Fill in "Search Term" or "EAN" (or both) to search items [item 0]',
		],
		[
			'an EAN with letters',
			{ ean: '400638A000017' },
			'"EAN" must be 8 to 14 digits, but it is "400638A000017" [item 0]',
		],
		['an EAN of 7 digits', { ean: '4006381' }, '"EAN" must be 8 to 14 digits, but it is "4006381" [item 0]'],
		[
			'an EAN of 15 digits',
			{ searchTerm: 'Kaffee', ean: '400638100001712' },
			'"EAN" must be 8 to 14 digits, but it is "400638100001712" [item 0]',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'search', returnAll: true, ...parameters },
		});

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Item → Get', () => {
	it('reads one item with its category and offers', async () => {
		const item = itemWithUnits();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'get', itemId: String(item.id_item), embedded: ['category', 'units'] },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			// as the spec writes it: no trailing slash
			rawUrl: `/api/v1/items/${item.id_item}?embedded=category%2Cunits`,
			path: `/items/${item.id_item}`,
			query: { embedded: 'category,units' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((entry) => entry.json)).toEqual([
			{ ...publicOf(item), category: categoryOf(item), units: offersOf(item) },
		]);
	});

	it('reports an item that does not exist (404) by its ID', async () => {
		const missing = Math.max(...db().items.map((item) => item.id_item)) + 1;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'get', itemId: String(missing) },
		});

		expect(requests()[0]).toMatchObject({ path: `/items/${missing}`, query: {}, signatureValid: true, status: 404 });
		expect(run.error?.message).toBe(`Could not get item ${missing}: it was not found`);
		expect(run.error?.httpCode).toBe('404');
	});

	it('refuses an item ID that is not a number before sending anything', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'item', operation: 'get', itemId: '4006381333931x' },
		});

		expect(run.error?.message).toBe('"Item" must be a positive whole number, but it is "4006381333931x" [item 0]');
		expect(requests()).toHaveLength(0);
	});
});
