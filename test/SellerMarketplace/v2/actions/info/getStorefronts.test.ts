/** Info → Get Storefronts (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useInfoSandbox } from './setup';

const { v2 } = useInfoSandbox();

describe('Info → Get Storefronts', () => {
	it('outputs one item per storefront the seller has set up', async () => {
		const result = await v2.run({ operation: 'getStorefronts' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toEqual([
			expect.objectContaining({ method: 'GET', path: '/info/storefront', query: {}, status: 200, body: '' }),
		]);
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.map((item) => item.json)).toEqual([
			{ storefront: 'de' },
			{ storefront: 'at' },
			{ storefront: 'cz' },
		]);
	});
});
