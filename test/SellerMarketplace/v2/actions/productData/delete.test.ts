/** Product Data → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useProductDataSandbox, EAN, complete } from './setup';

const { v2, db } = useProductDataSandbox();

// Deleted after an update: update.test.ts.
describe('Product Data → Delete', () => {
	it('deletes the data of an EAN: DELETE with the locale, { deleted: true } out, the sandbox no longer holds it', async () => {
		await v2.run({ operation: 'createOrReplace', ean: EAN, ...complete });
		const run = await v2.run({ operation: 'delete', ean: EAN, locale: 'de-DE' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[1]).toMatchObject({
			method: 'DELETE',
			path: `/product-data/${EAN}`,
			query: { locale: 'de-DE' },
			status: 200,
		});
		expectSigned(v2.requests()[1], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(db().productData.find((record) => record.ean === EAN)).toBeUndefined();
	});

	it('an EAN without product data: the answer names it', async () => {
		const run = await v2.run({ operation: 'delete', ean: '4000000000000' });
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'DELETE', path: '/product-data/4000000000000' });
		expect(run.error?.message).toContain('4000000000000');
	});
});
