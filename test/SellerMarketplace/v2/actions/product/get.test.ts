/** Product → Get (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { expectSigned } from '../../setup';
import { useProductSandbox } from './setup';

const { v2, db } = useProductSandbox();

it("offers exactly the OpenAPI's ProductEmbeddable values", () => {
	expect([...enums.PRODUCT_EMBEDDABLES].sort()).toEqual([...spec.components.schemas.ProductEmbeddable.enum].sort());
});

describe('Product → Get', () => {
	it('reads a product by EAN in the chosen storefront, with its category and offers', async () => {
		const unit = db().units.find((u) => (u._storefront ?? 'de') === 'at' && u.condition !== 'download')!;
		const item = db().items.find((i) => i.id_item === unit.id_item)!;
		const run = await v2.run({
			operation: 'get',
			identifyBy: 'ean',
			ean: ` ${item.eans[0]} `,
			storefront: 'at',
			embedded: ['category', 'units'],
		});

		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: `/products/ean/${item.eans[0]}`, status: 200 });
		expect(request.rawUrl).toBe(`/v2/products/ean/${item.eans[0]}?storefront=at&embedded=category%2Cunits`);
		expectSigned(request, v2.credentials());
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_product: item.id_item,
			storefront: 'at',
			title: item.title,
			eans: item.eans,
			category: { id_category: item.id_category, is_leaf: true },
		});
		expect((run.items[0].json.units as Array<{ id_unit: number }>).map((u) => u.id_unit)).toContain(unit.id_unit);
	});

	it("reads a product by its ID in the credentials' storefront", async () => {
		const item = db().items[3];
		const run = await v2.run({
			operation: 'get',
			identifyBy: 'id',
			productId: String(item.id_item),
			embedded: ['category_basic'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/products/${item.id_item}`,
			query: { storefront: 'de', embedded: 'category_basic' },
		});
		expect(run.items[0].json).toMatchObject({
			id_product: item.id_item,
			category_basic: { id_category: item.id_category },
		});
		expect(run.items[0].json.category).toBeUndefined();
	});

	it('an expression chooses per item: by EAN for one, by product ID (GET /products/{id_product}) for the other', async () => {
		const [first, second] = db().items;
		const items = [{ json: { by: 'ean', ean: first.eans[0] } }, { json: { by: 'id', id: second.id_item } }];
		const run = await v2.run(
			{ operation: 'get', identifyBy: '={{ $json.by }}', ean: '={{ $json.ean }}', productId: '={{ $json.id }}' },
			{ items },
		);

		expect(run.error).toBeUndefined();
		expect(v2.requests().map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
			{ method: 'GET', path: `/products/ean/${first.eans[0]}`, query: { storefront: 'de' }, status: 200 },
			{ method: 'GET', path: `/products/${second.id_item}`, query: { storefront: 'de' }, status: 200 },
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(run.items.map((item) => item.json.id_product)).toEqual([first.id_item, second.id_item]);
	});

	it('an expression that names no way of identifying is refused before sending, naming the field and the item', async () => {
		const items = [{ json: { by: 'ean' } }, { json: { by: 'sku' } }];
		const run = await v2.run(
			{ operation: 'get', identifyBy: '={{ $json.by }}', ean: db().items[0].eans[0], productId: '={{ $json.id }}' },
			{ items },
		);
		expect(run.error?.message).toBe('"Identify Product By" has an unknown value "sku" [item 1]');
		expect(v2.requests()).toHaveLength(1);
	});

	it('reports an unknown EAN as not found', async () => {
		const run = await v2.run({ operation: 'get', identifyBy: 'ean', ean: '4000000000000' });
		expect(v2.requests()[0]).toMatchObject({ path: '/products/ean/4000000000000', status: 404 });
		expect(run.error?.message).toMatch(/not found/i);
	});

	it.each([
		['an EAN that bends the path', { identifyBy: 'ean', ean: '../units' }, '"EAN" must be 8 to 14 digits'],
		[
			'a product ID that is text',
			{ identifyBy: 'id', productId: '12abc' },
			'"Product" must be a positive whole number',
		],
		['an empty product ID', { identifyBy: 'id', productId: ' ' }, '"Product" is required'],
	])('refuses %s before sending, naming the item', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'get', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
