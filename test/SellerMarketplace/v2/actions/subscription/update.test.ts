/** Subscription → Update (node version 2), through n8n-core against the v2 sandbox. */
import { useSubscriptionSandbox } from './setup';

const { v2, verifications, run, add } = useSubscriptionSandbox();

describe('Subscription → Update', () => {
	it('changes only the fields set (a partial PATCH) and outputs the changed subscription', async () => {
		const [subscription] = add(1);
		subscription.is_active = false;
		const result = await run({
			operation: 'update',
			subscriptionId: subscription.id_subscription,
			updateFields: { isActive: true, storefront: 'cz' },
		});
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/subscriptions/${subscription.id_subscription}`,
			status: 200,
		});
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ is_active: true, storefront: 'cz' });
		expect(verifications).toEqual(['/good/0']);
		expect(result.items[0].json).toMatchObject({
			id_subscription: subscription.id_subscription,
			is_active: true,
			storefront: 'cz',
		});
	});

	it('refuses an empty change and a text for Active before sending', async () => {
		const [subscription] = add(1);
		expect(
			(await run({ operation: 'update', subscriptionId: subscription.id_subscription, updateFields: {} })).error
				?.message,
		).toContain('"Update Fields" is empty');
		expect(
			(
				await run({
					operation: 'update',
					subscriptionId: subscription.id_subscription,
					updateFields: { isActive: 'yes' },
				})
			).error?.message,
		).toContain('"Active" must be true or false');
		expect(v2.requests()).toHaveLength(0);
	});
});
