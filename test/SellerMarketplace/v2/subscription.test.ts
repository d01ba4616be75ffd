/**
 * Subscription (node version 2) — Create, Get Many, Get, Update, Delete — and Carrier → Get Many, through n8n-core
 * against the v2 sandbox. A local callback server answers the sandbox's verification challenge.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Subscription } from '../../../sandbox';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2();

let callbackServer: http.Server;
let goodCallback: string;
let wrongCallback: string;
const verifications: string[] = [];

beforeAll(async () => {
	callbackServer = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://callback');
		verifications.push(url.pathname);
		const challenge = url.searchParams.get('challenge') ?? '';
		response.writeHead(200, { 'Content-Type': 'text/plain' });
		response.end(
			url.pathname.startsWith('/good') && url.searchParams.get('mode') === 'subscribe' ? challenge : 'hello',
		);
	});
	await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
	const { port } = callbackServer.address() as AddressInfo;
	goodCallback = `http://127.0.0.1:${port}/good`;
	wrongCallback = `http://127.0.0.1:${port}/wrong`;
});
afterAll(async () => await new Promise<void>((resolve) => callbackServer.close(() => resolve())));
beforeEach(() => verifications.splice(0));

const subscriptions = () => v2.sandbox().control.db.subscriptions;
const run = (parameters: Record<string, unknown>, options = {}) =>
	v2.run({ resource: 'subscription', ...parameters }, options);
const add = (count: number, storefront: string | null = 'de'): Subscription[] =>
	Array.from({ length: count }, (_, n) => {
		const subscription: Subscription = {
			id_subscription: 200 + subscriptions().length,
			callback_url: `${goodCallback}/${n}`,
			fallback_email: `ops+${n}@example.com`,
			event_name: n % 2 ? 'order_unit_new' : 'order_new',
			is_active: true,
			_api: 'v2',
			_storefront: storefront,
		};
		subscriptions().push(subscription);
		return subscription;
	});

describe('Subscription → Create', () => {
	it('subscribes once the callback answers the challenge, for the chosen storefront, and outputs the subscription', async () => {
		const result = await run({
			operation: 'create',
			storefront: 'at',
			eventName: 'item_unit_not_live',
			callbackUrl: ` ${goodCallback} `,
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
			callback_url: goodCallback,
			fallback_email: 'ops@example.com',
			event_name: 'item_unit_not_live',
		});
		expect(verifications).toEqual(['/good']);
		const created = subscriptions().find((subscription) => subscription.callback_url === goodCallback)!;
		expect(result.items.map((item) => item.json)).toEqual([
			{
				id_subscription: created.id_subscription,
				callback_url: goodCallback,
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
			callbackUrl: wrongCallback,
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
			callbackUrl: goodCallback,
			fallbackEmail: 'ops@example.com',
			...change,
		});
		expect(result.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Subscription → Get Many, Get, Update, Delete', () => {
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

	it('an unknown subscription: a 404 that names it', async () => {
		const result = await run({ operation: 'delete', subscriptionId: '987654' });
		expect(result.error?.message).toBe('Could not delete subscription 987654: it was not found');
	});

	it('the subscription dropdown lists every subscription with event, storefront and callback', async () => {
		const [subscription] = add(1, null);
		const { searchSubscriptions } = await import('../../../nodes/SellerMarketplace/v2/methods/listSearch');
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

describe('Carrier → Get Many', () => {
	it('outputs one item per carrier of GET /carriers', async () => {
		const result = await v2.run({ resource: 'carrier', operation: 'getMany' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/carriers', status: 200, body: '' });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.length).toBeGreaterThan(50);
		expect(result.items).toContainEqual({ json: { name: 'DHL', isHauler: false }, pairedItem: { item: 0 } });
		expect(result.items).toContainEqual({
			json: { name: 'Cargo International', isHauler: true },
			pairedItem: { item: 0 },
		});
	});
});
