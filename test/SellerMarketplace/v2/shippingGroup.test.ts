/** Shipping Group (node version 2): Get Many and Get through n8n-core against the v2 sandbox. */
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 5, strict: true }, 'shippingGroup');

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

describe('Shipping Group → Get', () => {
	it('reads one group with its regions', async () => {
		const run = await v2.run({ operation: 'get', shippingGroupId: 2, storefront: 'at' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/shipping-groups/2', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({ storefront: ['at'] });
		expect(run.items[0].json).toMatchObject({
			id_shipping_group: 2,
			name: 'spedition',
			storefront: 'at',
			regions: [{ countries: ['AT'] }],
		});
	});

	it('refuses an ID that is not a number before sending', async () => {
		const run = await v2.run({ operation: 'get', shippingGroupId: '2x' });
		expect(run.error?.message).toBe('"Shipping Group" must be a positive whole number, but it is "2x" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('an unknown group: the 404 is shown', async () => {
		const run = await v2.run({ operation: 'get', shippingGroupId: 99 });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error).toBeDefined();
	});
});
