/** Subscription → Create (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useSubscriptionSandbox } from './setup';

const { v2, verifications, goodCallback, wrongCallback, subscriptions, run } = useSubscriptionSandbox();

describe('Subscription → Create', () => {
	it('subscribes once the callback answers the challenge, for the chosen storefront, and outputs the subscription', async () => {
		const result = await run({
			operation: 'create',
			storefront: 'at',
			eventName: 'item_unit_not_live',
			callbackUrl: ` ${goodCallback()} `,
			fallbackEmail: ' ops@example.com ',
		});

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/subscriptions',
			query: { storefront: 'at' },
			status: 201,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(JSON.parse(v2.requests()[0].body)).toEqual({
			callback_url: goodCallback(),
			fallback_email: 'ops@example.com',
			event_name: 'item_unit_not_live',
		});
		expect(verifications).toEqual(['/good']);
		const created = subscriptions().find((subscription) => subscription.callback_url === goodCallback())!;
		expect(result.items.map((item) => item.json)).toEqual([
			{
				id_subscription: created.id_subscription,
				callback_url: goodCallback(),
				fallback_email: 'ops@example.com',
				event_name: 'item_unit_not_live',
				is_active: true,
				storefront: 'at',
			},
		]);
	});

	it('a callback that does not answer the challenge: nothing is created and the error names the Callback URL', async () => {
		const before = subscriptions().length;
		const result = await run({
			operation: 'create',
			eventName: 'order_new',
			callbackUrl: wrongCallback(),
			fallbackEmail: 'ops@example.com',
		});
		expect(v2.requests()[0]).toMatchObject({ query: { storefront: 'de' }, status: 400 });
		expect(result.error?.message).toMatch(
			/^Could not create a subscription: "Callback URL" \(callback_url\): Callback verification failed/,
		);
		expect(result.error?.description).toContain('Problem type: /problems/subscriptions/unverified-callback-url');
		expect(subscriptions()).toHaveLength(before);
	});

	it.each([
		['a callback that is not a URL', { callbackUrl: 'example.com/hook' }, '"Callback URL" must be a full web address'],
		[
			'a callback over 255 characters',
			{ callbackUrl: `https://example.com/${'a'.repeat(240)}` },
			'"Callback URL" must be at most 255 characters',
		],
		[
			'two e-mail addresses',
			{ fallbackEmail: 'a@example.com, b@example.com' },
			'"Fallback Email" must be an e-mail address',
		],
		['an event v2 does not have', { eventName: 'new_order' }, '"Event" has an unknown value "new_order"'],
	])('refuses %s before sending', async (_, change, message) => {
		const result = await run({
			operation: 'create',
			eventName: 'order_new',
			callbackUrl: goodCallback(),
			fallbackEmail: 'ops@example.com',
			...change,
		});
		expect(result.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
