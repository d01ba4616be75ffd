/** Shipping Group → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useShippingGroupSandbox } from './setup';

const { v2 } = useShippingGroupSandbox();

describe('Shipping Group → Get Many', () => {
	it("reads the groups of the credentials' default storefront, 30 a page", async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/shipping-groups', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({ storefront: ['de'], limit: ['30'], offset: ['0'] });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => [item.json.id_shipping_group, item.json.name, item.json.type])).toEqual([
			[1, 'paket', 'PACKAGE'],
			[2, 'spedition', 'HAULER'],
			[3, 'brief', 'PACKAGE'],
		]);
	});

	it('a chosen storefront is sent, and its currency comes back', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 1, storefront: 'cz' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({ storefront: ['cz'], limit: ['1'], offset: ['0'] });
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ storefront: 'cz', currency: 'CZK', is_default: true }),
		]);
	});
});
