/** Category → Get (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import * as listSearch from '../../../../../nodes/SellerMarketplace/v2/methods/listSearch';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { loadOptionsContextV2 } from '../../../../harness/workflow';
import { expectSigned, fromExpression } from '../../setup';
import { useCategorySandbox } from './setup';

const { v2, db } = useCategorySandbox();

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
