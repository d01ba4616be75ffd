/** Product Data → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useProductDataSandbox, EAN, complete } from './setup';

const { v2 } = useProductDataSandbox();

// Read after a create, with the checks in between: createOrReplace.test.ts.
describe('Product Data → Get', () => {
	it('reads the attributes stored for an EAN, in the chosen locale', async () => {
		await v2.run({ operation: 'createOrReplace', ean: EAN, ...complete });
		const run = await v2.run({ operation: 'get', ean: EAN, locale: 'de-DE' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[1]).toMatchObject({
			method: 'GET',
			path: `/product-data/${EAN}`,
			query: { locale: 'de-DE' },
			status: 200,
		});
		expectSigned(v2.requests()[1], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			{ ean: [EAN], attributes: JSON.parse(v2.requests()[0].body).attributes },
		]);
	});

	it('an EAN without product data: the 404 names it', async () => {
		const run = await v2.run({ operation: 'get', ean: '4000000000000' });
		expect(v2.requests()[0]).toMatchObject({ path: '/product-data/4000000000000', status: 404 });
		expect(run.error?.message).toContain('4000000000000');
	});
});
