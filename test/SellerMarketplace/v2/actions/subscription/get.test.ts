/** Subscription → Get (node version 2), through n8n-core against the v2 sandbox. */
import { loadOptionsContextV2 } from '../../../../harness/workflow';
import { useSubscriptionSandbox } from './setup';

const { v2, run, add } = useSubscriptionSandbox();

describe('Subscription → Get', () => {
	it('reads one subscription', async () => {
		const [subscription] = add(1);
		const result = await run({ operation: 'get', subscriptionId: String(subscription.id_subscription) });
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/subscriptions/${subscription.id_subscription}`,
			status: 200,
		});
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_subscription: subscription.id_subscription, storefront: 'de' }),
		]);
	});

	it('an unknown subscription: a 404 that names it', async () => {
		const result = await run({ operation: 'delete', subscriptionId: '987654' });
		expect(result.error?.message).toBe('Could not delete subscription 987654: it was not found');
	});

	it('the subscription dropdown lists every subscription with event, storefront and callback', async () => {
		const [subscription] = add(1, null);
		const { searchSubscriptions } = await import('../../../../../nodes/SellerMarketplace/v2/methods/listSearch');
		const options = await searchSubscriptions.call(
			loadOptionsContextV2(v2.credentials(), { resource: 'subscription', operation: 'get' }),
		);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/subscriptions',
			query: { limit: '30', offset: '0' },
		});
		expect(options.results).toContainEqual({
			name: `New Order (All Storefronts) → ${subscription.callback_url}`,
			value: String(subscription.id_subscription),
		});
	});
});
