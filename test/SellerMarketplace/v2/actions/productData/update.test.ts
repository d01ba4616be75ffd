/** Product Data → Update (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useProductDataSandbox, EAN, row, complete } from './setup';

const { v2, db } = useProductDataSandbox();

describe('Product Data → Update', () => {
	it('changes only the attributes sent, then deletes the data', async () => {
		await v2.run({ operation: 'createOrReplace', ean: EAN, ...complete });
		const run = await v2.run({ operation: 'update', ean: EAN, attributes: { attribute: [row('description', 'Neu')] } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[1]).toMatchObject({
			method: 'PATCH',
			path: '/product-data',
			query: { locale: 'de-DE' },
			status: 200,
		});
		expect(JSON.parse(v2.requests()[1].body)).toEqual({ ean: [EAN], attributes: { description: ['Neu'] } });
		expect(run.items[0].json).toMatchObject({ attributes: { title: ['Kopfhörer X1'], description: ['Neu'] } });

		const deleted = await v2.run({ operation: 'delete', ean: EAN, locale: 'fr-FR' });
		expect(deleted.error).toBeUndefined();
		expect(v2.requests()[2]).toMatchObject({
			method: 'DELETE',
			path: `/product-data/${EAN}`,
			query: { locale: 'fr-FR' },
			status: 200,
		});
		expectSigned(v2.requests()[2], v2.credentials());
		expect(deleted.items[0].json).toEqual({ deleted: true });
		expect(db().productData.find((record) => record.ean === EAN)).toBeUndefined();
	});

	it.each([
		['createOrReplace', 'CreateProductData', 'PUT'],
		['update', 'UpdateProductData', 'PATCH'],
	])(
		'%s: a success whose free-form data is null (as the OpenAPI allows) is a success, not a failure',
		async (operation, operationId, method) => {
			if (operation === 'update') await v2.run({ operation: 'createOrReplace', ean: EAN, ...complete });
			const before = v2.requests().length;
			v2.sandbox().control.scriptAnswer({ operationId, status: 200, body: { data: null } });
			const run = await v2.run({
				operation,
				ean: EAN,
				locale: 'de-DE',
				attributes: { attribute: [row('description', 'Neu')] },
			});
			expect(run.error).toBeUndefined();
			expect(
				v2
					.requests()
					.slice(before)
					.map((request) => [request.method, request.path, request.status]),
			).toEqual([[method, '/product-data', 200]]);
			expect(run.items.map((item) => item.json)).toEqual([{ ean: EAN, locale: 'de-DE', data: null }]);
			expect(db().productData.find((record) => record.ean === EAN)).toBeDefined();
		},
	);

	it('reports an update of an EAN without data as refused by the marketplace', async () => {
		const run = await v2.run({
			operation: 'update',
			ean: '4000000000000',
			attributes: { attribute: [row('title', 'T')] },
		});
		expect(v2.requests()[0]).toMatchObject({ method: 'PATCH', status: 400 });
		expect(run.error?.message).toContain('no product data for EAN 4000000000000');
	});
});
