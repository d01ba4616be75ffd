/** Shipping Group → Get (node version 2), through n8n-core against the v2 sandbox. */
import { useShippingGroupSandbox } from './setup';

const { v2 } = useShippingGroupSandbox();

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
