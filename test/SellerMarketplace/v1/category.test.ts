/**
 * Category: Get, Get Many and Suggest, run through n8n-core against the sandbox. Every test asserts the
 * request the sandbox received and the items the node output; seed records come from `sandbox.control.db`.
 */
import type { Category, Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

/** Categories are read 1000 at a time; a small cap here makes "more than one page" testable with the seed. */
const CATEGORY_PAGE_CAP = 10;

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox({ pageLimits: { '/categories/': CATEGORY_PAGE_CAP } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const byId = (id: string | number) => ({ __rl: true, mode: 'id', value: String(id) });
/** A record as the API shows it: without the sandbox's internal `_` fields. */
const publicOf = <T extends object>(record: T) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));
const categories = () => sandbox.control.db.categories;
const leaves = () => categories().filter((category) => category._is_leaf);
const attributesOf = (ids: number[]) =>
	ids.map((id) => publicOf(sandbox.control.db.attributes.find((attribute) => attribute.id_attribute === id)!));

describe('Category → Get', () => {
	it('reads one category with the related data asked for', async () => {
		const leaf = leaves()[4];
		const parent = categories().find((category) => category.id_category === leaf.id_parent_category)!;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'get',
				categoryId: byId(leaf.id_category),
				embedded: ['parent', 'mandatory_attributes'],
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/categories/${leaf.id_category}/`,
			query: { embedded: 'parent,mandatory_attributes' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([
			{ ...publicOf(leaf), parent: publicOf(parent), mandatory_attributes: attributesOf(leaf._mandatory_attributes) },
		]);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('takes the category picked from the list, and sends no "embedded" when nothing is included', async () => {
		const area = categories().find((category) => category.id_parent_category === 1)!;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'get',
				categoryId: { __rl: true, mode: 'list', value: String(area.id_category) },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/categories/${area.id_category}/`,
			query: {},
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicOf(area)]);
	});

	it('reports a category that does not exist (404) by its ID', async () => {
		const missing = Math.max(...categories().map((category) => category.id_category)) + 1000;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'category', operation: 'get', categoryId: byId(missing) },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ path: `/categories/${missing}/`, signatureValid: true, status: 404 });
		expect(run.error?.message).toBe(`Could not get category ${missing}: it was not found`);
		expect(run.error?.httpCode).toBe('404');
	});

	it.each([
		['empty', '', /"Category" is required and cannot be empty \[item 0\]/],
		['not a number', 'kopfhoerer', /"Category" must be a positive whole number, but it is "kopfhoerer" \[item 0\]/],
	])('refuses a category ID that is %s before sending anything', async (_case, value, message) => {
		// The ID comes from the input item, as it would from a previous node.
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'category', operation: 'get', categoryId: byId('={{ $json.category }}') },
			items: [{ json: { category: value } }],
		});

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Category → Get Many', () => {
	it('lists the main product areas (children of the root, the default) over more than one page with Return All', async () => {
		const areas = categories().filter((category) => category.id_parent_category === 1);
		expect(areas.length).toBeGreaterThan(CATEGORY_PAGE_CAP);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'category', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		expect(requests().length).toBe(2);
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/categories/', signatureValid: true, status: 200 });
			expect(request.query.id_parent).toBe('1');
		}
		// It asks for the API's category page size first, then follows the page size the server answered with.
		expect(requests()[0].query).toMatchObject({ limit: '1000', offset: '0' });
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', String(CATEGORY_PAGE_CAP)]);
		expect(run.items.map((item) => item.json)).toEqual(areas.map(publicOf));
	});

	it('lists the subcategories of a chosen parent, up to the Limit', async () => {
		const area = categories().find((category) => category.id_parent_category === 1 && category.name === 'elektronik')!;
		const children = categories().filter((category) => category.id_parent_category === area.id_category);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'getMany',
				filterBy: 'parent',
				parentCategory: byId(area.id_category),
				returnAll: false,
				limit: 2,
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/categories/',
			query: { id_parent: String(area.id_category), limit: '2', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual(children.slice(0, 2).map(publicOf));
	});

	it('searches categories by name', async () => {
		const expected = categories().filter((category) =>
			`${category.name} ${category.title_singular}`.toLowerCase().includes('schuhe'),
		);
		expect(expected.length).toBeGreaterThan(1);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'getMany',
				filterBy: 'search',
				searchTerm: '  schuhe ',
				returnAll: true,
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/categories/',
			query: { q: 'schuhe', limit: '1000', offset: '0' },
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json.id_category)).toEqual(expected.map((category) => category.id_category));
	});

	it.each([
		[
			'an empty search term',
			{ filterBy: 'search', searchTerm: ' ' },
			/"Search Term" is required and cannot be empty \[item 0\]/,
		],
		[
			'a parent that is not an ID',
			{ filterBy: 'parent', parentCategory: byId('={{ "1a" }}') },
			/"Parent Category" must be a positive whole number, but it is "1a" \[item 0\]/,
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'category', operation: 'getMany', returnAll: true, ...parameters },
		});

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Category → Suggest', () => {
	it('posts the product and outputs one item per suggested category, the best first', async () => {
		const kopfhoerer = leaves().find((category) => category.title_singular === 'Kopfhörer') as Category;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'suggest',
				title: 'Nordlicht Kopfhörer Over-Ear',
				price: 4999,
				productDescription: 'Kabellose Kopfhörer mit Geräuschunterdrückung',
				manufacturer: 'Nordlicht',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/categories/decide/',
			query: {},
			signatureValid: true,
			status: 200,
		});
		expect(requests()[0].json).toEqual({
			item: {
				title: 'Nordlicht Kopfhörer Over-Ear',
				description: 'Kabellose Kopfhörer mit Geräuschunterdrückung',
				manufacturer: 'Nordlicht',
			},
			price: 4999,
		});
		expect(run.items.length).toBeGreaterThan(0);
		expect(run.items.length).toBeLessThanOrEqual(5);
		expect(run.items[0].json).toEqual(publicOf(kopfhoerer));
		const leafIds = new Set(leaves().map((category) => category.id_category));
		for (const item of run.items) expect(leafIds.has(item.json.id_category as number)).toBe(true);
		expect(run.items.map((item) => item.pairedItem)).toEqual(run.items.map(() => ({ item: 0 })));
	});

	it('always sends all three item strings, trimmed, as the spec writes the body', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'suggest',
				title: ' Kaffee ',
				price: '899',
				productDescription: ' Ganze Bohnen ',
				manufacturer: ' Acme ',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/categories/decide/',
			signatureValid: true,
			status: 200,
		});
		expect(requests()[0].json).toEqual({
			item: { title: 'Kaffee', description: 'Ganze Bohnen', manufacturer: 'Acme' },
			price: 899,
		});
	});

	const product = { title: 'Tee', productDescription: 'Grüner Tee', manufacturer: 'Acme' };
	it.each([
		[
			'a price with decimals',
			{ ...product, price: 19.99 },
			/"Price \(in Cents\)" must be a whole number of cents above 0 \(e.g. 1999 for 19.99\), but it is 19.99 \[item 0\]/,
		],
		[
			'a negative price',
			{ ...product, price: -100 },
			/"Price \(in Cents\)" must be a whole number of cents above 0.*but it is -100 \[item 0\]/,
		],
		['a price of 0', { ...product, price: 0 }, /"Price \(in Cents\)" must be a whole number of cents above 0/],
		[
			'an empty title',
			{ ...product, title: '  ', price: 100 },
			/"Product Title" is required and cannot be empty \[item 0\]/,
		],
		[
			'an empty description',
			{ ...product, productDescription: ' ', price: 100 },
			/"Product Description" is required and cannot be empty \[item 0\]/,
		],
		// n8n itself refuses a literally empty required field; an expression can still produce one
		[
			'an empty manufacturer',
			{ ...product, manufacturer: '={{ "" }}', price: 100 },
			/"Manufacturer" is required and cannot be empty \[item 0\]/,
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'category', operation: 'suggest', ...parameters },
		});

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
	});
});
