/** Subscription → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { useSubscriptionSandbox } from './setup';

const { v2, subscriptions, run, add } = useSubscriptionSandbox();

describe('Subscription → Delete', () => {
	it('deletes a subscription', async () => {
		const [subscription] = add(1);
		const result = await run({ operation: 'delete', subscriptionId: String(subscription.id_subscription) });
		expect(v2.requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/subscriptions/${subscription.id_subscription}`,
			status: 204,
		});
		expect(result.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(subscriptions().some((candidate) => candidate.id_subscription === subscription.id_subscription)).toBe(false);
	});
});
