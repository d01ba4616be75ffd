/** Product Data → Get Status (node version 2), through n8n-core against the v2 sandbox. */
import { useProductDataSandbox, EAN, row } from './setup';

const { v2 } = useProductDataSandbox();

describe('Product Data → Get Status', () => {
	it('reports the attributes a failed check found missing', async () => {
		await v2.run({ operation: 'createOrReplace', ean: EAN, attributes: { attribute: [row('title', 'Only a title')] } });
		await v2.sandbox().control.advance(60);
		const run = await v2.run({ operation: 'getStatus', ean: EAN });
		expect(run.items[0].json).toMatchObject({
			update_status: 'FAIL',
			product_ready: false,
			update_fail_reason: 'NO_CATEGORY',
		});
		expect(run.items[0].json.missing_attributes).toEqual(['manufacturer', 'category']);
	});

	it('reports an EAN without product data as not found', async () => {
		const run = await v2.run({ operation: 'getStatus', ean: '4000000000000' });
		expect(v2.requests()[0]).toMatchObject({ path: '/product-data/status/4000000000000', status: 404 });
		expect(run.error?.message).toContain('4000000000000');
	});
});
