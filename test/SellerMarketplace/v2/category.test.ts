/**
 * Category (node version 2): Get, Get Many, Get Tree and Suggest (POST /categories/decide) through n8n-core
 * against the v2 sandbox, and the category search behind the Category field's "From List".
 */
import * as enums from '../../../nodes/api/v2/enums';
import * as listSearch from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import spec from '../../../sandbox/v2/seller-api-v2.openapi.json';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'category');
const db = () => v2.sandbox().control.db;

it("offers exactly the OpenAPI's CategoryEmbeddable and ProductDataLocale values", () => {
	expect([...enums.CATEGORY_EMBEDDABLES].sort()).toEqual([...spec.components.schemas.CategoryEmbeddable.enum].sort());
	expect([...enums.CATALOG_LOCALES].sort()).toEqual([...spec.components.schemas.ProductDataLocale.enum].sort());
});

describe('Category → Get', () => {
	it('reads a category by ID with its parent and mandatory attributes, in a chosen language', async () => {
		const leaf = db().categories.find((c) => c._is_leaf)!;
		const run = await v2.run({
			operation: 'get',
			categoryId: { __rl: true, mode: 'id', value: String(leaf.id_category) },
			storefront: 'at',
			embedded: ['parent', 'required_attributes'],
			locale: 'en-US',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: `/categories/${leaf.id_category}`, status: 200 });
		expect(request.queryValues).toEqual({
			storefront: ['at'],
			embedded: ['parent,required_attributes'],
			locale: ['en-US'],
		});
		expectSigned(request, v2.credentials());
		expect(run.items[0].json).toMatchObject({
			id_category: leaf.id_category,
			title_singular: leaf.title_singular,
			is_leaf: true,
			vat: 19,
			parent: { id_category: leaf.id_parent_category },
		});
		const required = (run.items[0].json.required_attributes as Array<{ id: number }>).map((a) => a.id);
		expect(required).toEqual(leaf._mandatory_attributes);
	});

	it('reports an unknown category as not found', async () => {
		const run = await v2.run({ operation: 'get', categoryId: { __rl: true, mode: 'id', value: '999999' } });
		expect(v2.requests()[0]).toMatchObject({ path: '/categories/999999', query: { storefront: 'de' }, status: 404 });
		expect(run.error?.message).toBe('Could not get category 999999: it was not found');
	});

	it.each([['../units'], ['1e3'], ['-4']])('refuses the category ID %s before sending', async (value) => {
		const run = await v2.run({ operation: 'get', categoryId: fromExpression(value) });
		expect(run.error?.message).toContain('"Category" must be a positive whole number');
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Category → Get Many', () => {
	it('lists the subcategories of a parent, 100 a page', async () => {
		const parent = db().categories.find((c) => c.level === 1)!;
		const children = db().categories.filter((c) => c.id_parent_category === parent.id_category);
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { parentId: String(parent.id_category) },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toEqual({
			storefront: 'de',
			id_parent: String(parent.id_category),
			limit: '100',
			offset: '0',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((i) => i.json.id_category)).toEqual(children.map((c) => c.id_category));
	});

	it('searches by text and stops at the limit', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 1, filters: { q: 'Smartphones' } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toEqual({ storefront: 'de', q: 'Smartphones', limit: '1', offset: '0' });
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ title_singular: 'Smartphones', is_leaf: true });
	});

	it('refuses a parent ID that is not a whole number before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { parentId: '2.5' } });
		expect(run.error?.message).toContain('"Parent Category ID" must be a whole number');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Category → Get Tree', () => {
	it('reads the whole tree as one item', async () => {
		const run = await v2.run({ operation: 'getTree', storefront: 'cz' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/categories/tree',
			query: { storefront: 'cz' },
			status: 200,
		});
		expect(run.items).toHaveLength(1);
		const tree = run.items[0].json as { id_category: number; children: Array<{ children: unknown[] }> };
		expect(tree.id_category).toBe(1);
		expect(tree.children.length).toBe(db().categories.filter((c) => c.level === 1).length);
		expect(tree.children.flatMap((c) => c.children)).toHaveLength(db().categories.filter((c) => c.level === 2).length);
	});
});

describe('Category → Suggest', () => {
	it('sends the product text and the price in cents and outputs the suggestions, best first', async () => {
		const run = await v2.run({
			operation: 'suggest',
			title: 'Apfel Smartphones 128 GB',
			description: 'Ein Telefon',
			manufacturer: 'Apfel',
			price: 49999,
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/categories/decide',
			query: { storefront: 'de' },
			status: 200,
		});
		expect(JSON.parse(request.body)).toEqual({
			item: { title: 'Apfel Smartphones 128 GB', description: 'Ein Telefon', manufacturer: 'Apfel' },
			price: 49999,
		});
		expectSigned(request, v2.credentials());
		expect(run.items[0].json).toMatchObject({ title_singular: 'Smartphones' });
	});

	it.each([
		['an empty title', { title: ' ', price: 100 }, '"Title" is required'],
		['a price with cents after a point', { title: 'T', price: 12.5 }, '"Price (in Cents)" must be a whole number'],
	])('refuses %s before sending', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'suggest', description: 'd', manufacturer: 'm', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('the Category field’s search', () => {
	it("asks the API for the typed text in the form's storefront", async () => {
		const context = loadOptionsContextV2(v2.credentials(), {
			resource: 'category',
			operation: 'get',
			storefront: 'at',
		});
		const found = await listSearch.searchCategories.call(context, ' Jacken ');
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/categories',
			query: { storefront: 'at', q: 'Jacken', limit: '100', offset: '0' },
		});
		expectSigned(v2.requests()[0], v2.credentials());
		const jacken = db().categories.find((c) => c.title_singular === 'Jacken')!;
		expect(found).toEqual({
			results: [{ name: `Jacken (${jacken.id_category})`, value: String(jacken.id_category) }],
			paginationToken: undefined,
		});
	});
});
