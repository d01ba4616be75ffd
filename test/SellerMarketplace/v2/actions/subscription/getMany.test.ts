/** Subscription → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { useSubscriptionSandbox } from './setup';

const { v2, subscriptions, run, add } = useSubscriptionSandbox();

describe('Subscription → Get Many', () => {
	it("lists the credentials' storefront 30 a page (the endpoint's maximum), filtered by event", async () => {
		add(70);
		add(3, 'at');
		const result = await run({ operation: 'getMany', returnAll: true, filters: { eventName: 'order_new' } });
		expect(result.error).toBeUndefined();
		const expected = subscriptions().filter(
			(subscription) => subscription._storefront === 'de' && subscription.event_name === 'order_new',
		);
		expect(v2.requests().map((request) => request.query)).toEqual([
			{ storefront: 'de', event_name: 'order_new', limit: '30', offset: '0' },
			{ storefront: 'de', event_name: 'order_new', limit: String(expected.length - 30), offset: '30' },
		]);
		expect(result.items.map((item) => item.json.id_subscription)).toEqual(
			expected.map((subscription) => subscription.id_subscription),
		);
	});
});
