/**
 * Subscription: Create, Get Many, Get, Update and Delete, run through n8n-core against the sandbox. A small
 * local callback server answers the sandbox's verification challenge (GET ?mode=subscribe&challenge=…).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Sandbox, Subscription } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;
let callbackServer: http.Server;
/** Echoes the challenge. */
let goodCallback: string;
/** Answers 200, but not with the challenge. */
let wrongCallback: string;
const verifications: string[] = [];

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	callbackServer = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://callback');
		verifications.push(url.pathname);
		const challenge = url.searchParams.get('challenge');
		if (
			request.method === 'GET' &&
			url.pathname.startsWith('/good') &&
			url.searchParams.get('mode') === 'subscribe' &&
			challenge
		) {
			response.writeHead(200, { 'Content-Type': 'text/plain' });
			response.end(challenge);
			return;
		}
		response.writeHead(200, { 'Content-Type': 'text/plain' });
		response.end('OK');
	});
	await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
	const { port } = callbackServer.address() as AddressInfo;
	goodCallback = `http://127.0.0.1:${port}/good/hook`;
	wrongCallback = `http://127.0.0.1:${port}/wrong/hook`;
});
afterAll(async () => {
	await sandbox.close();
	await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
});
beforeEach(() => {
	sandbox.control.reset();
	verifications.splice(0);
});

const requests = () => sandbox.control.requests();
const subscriptions = () => sandbox.control.db.subscriptions;
/** Stores subscriptions straight in the sandbox (no verification), as if created earlier. */
function addSubscriptions(count: number, overrides: Partial<Subscription> = {}): Subscription[] {
	const added: Subscription[] = [];
	for (let n = 0; n < count; n++) {
		const id = 100 + subscriptions().length;
		const subscription: Subscription = {
			id_subscription: id,
			callback_url: `${goodCallback}/${id}`,
			fallback_email: `ops+${id}@example.com`,
			event_name: n % 2 ? 'order_unit_new' : 'order_new',
			is_active: true,
			...overrides,
		};
		subscriptions().push(subscription);
		added.push(subscription);
	}
	return added;
}

describe('Subscription → Create', () => {
	it('creates a subscription once the callback answers the challenge, and outputs its integer ID', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'create',
				eventName: 'order_unit_new',
				callbackUrl: ` ${goodCallback} `,
				fallbackEmail: 'ops@example.com',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/subscriptions/',
			json: { event_name: 'order_unit_new', callback_url: goodCallback, fallback_email: 'ops@example.com' },
			signatureValid: true,
			status: 201,
		});
		expect(verifications).toEqual(['/good/hook']);
		expect(subscriptions()).toHaveLength(1);
		const created = subscriptions()[0];
		expect(created).toMatchObject({
			event_name: 'order_unit_new',
			callback_url: goodCallback,
			fallback_email: 'ops@example.com',
			is_active: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_subscription: created.id_subscription,
				id: String(created.id_subscription),
				location: `/subscriptions/${created.id_subscription}/`,
				event_name: 'order_unit_new',
				callback_url: goodCallback,
				fallback_email: 'ops@example.com',
				is_active: true,
			},
		]);
	});

	it('fails with the API message and creates nothing when the callback does not answer the challenge', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'create',
				eventName: 'order_new',
				callbackUrl: wrongCallback,
				fallbackEmail: 'ops@example.com',
			},
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ method: 'POST', path: '/subscriptions/', signatureValid: true });
		expect(requests()[0].status).toBeGreaterThanOrEqual(400);
		expect(verifications).toEqual(['/wrong/hook']);
		expect(run.error?.message).toMatch(
			new RegExp(`^Could not create a subscription: callback verification failed for ${wrongCallback}`),
		);
		expect(run.error?.description).toContain(`The API said: Callback verification failed for ${wrongCallback}`);
		expect(run.error?.description).toContain('mode=subscribe');
		expect(subscriptions()).toHaveLength(0);
	});
});

describe('Subscription → Get Many', () => {
	it('asks for one page of the requested size (Limit)', async () => {
		const added = addSubscriptions(5);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'subscription', operation: 'getMany', returnAll: false, limit: 3 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/subscriptions/seller/',
			query: { limit: '3', offset: '0' },
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual(added.slice(0, 3).map((s) => ({ ...s })));
	});

	it('reads every page with Return All and filters by event', async () => {
		const added = addSubscriptions(70);
		const expected = added.filter((s) => s.event_name === 'order_new');
		expect(expected.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'getMany',
				returnAll: true,
				filters: { eventName: 'order_new' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(
			requests()
				.map((r) => r.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		for (const request of requests()) {
			expect(request).toMatchObject({
				method: 'GET',
				path: '/subscriptions/seller/',
				query: { event_name: 'order_new' },
				signatureValid: true,
				status: 200,
			});
		}
		expect(run.items.map((item) => item.json.id_subscription)).toEqual(expected.map((s) => s.id_subscription));
	});
});

describe('Subscription → Get', () => {
	it('reads one subscription by its ID', async () => {
		const [, second] = addSubscriptions(2);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'subscription', operation: 'get', subscriptionId: String(second.id_subscription) },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/subscriptions/${second.id_subscription}/`,
			query: {},
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ ...second }]);
	});

	it('reports a subscription that does not exist (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'subscription', operation: 'get', subscriptionId: '987654' },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ method: 'GET', path: '/subscriptions/987654/', status: 404 });
		expect(run.error?.message).toBe('Could not get subscription 987654: it was not found');
	});
});

describe('Subscription → Update', () => {
	it('reads the subscription first and sends the whole body with only the changed field different', async () => {
		const [subscription] = addSubscriptions(1, { event_name: 'return_new' });
		const before = { ...subscription };
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'update',
				subscriptionId: String(subscription.id_subscription),
				updateFields: { fallbackEmail: 'new-ops@example.com' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests().map((r) => [r.method, r.path, r.signatureValid, r.status])).toEqual([
			['GET', `/subscriptions/${subscription.id_subscription}/`, true, 200],
			['PATCH', `/subscriptions/${subscription.id_subscription}/`, true, 204],
		]);
		const body = {
			callback_url: before.callback_url,
			fallback_email: 'new-ops@example.com',
			event_name: 'return_new',
			is_active: true,
		};
		expect(requests()[1].json).toEqual(body);
		expect(subscriptions()[0]).toEqual({ id_subscription: subscription.id_subscription, ...body });
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_subscription: subscription.id_subscription, ...body },
		]);
	});

	it('turns a subscription off and on again; each change verifies the callback again (events rule 2)', async () => {
		const [subscription] = addSubscriptions(1);
		const update = (isActive: boolean) =>
			runSellerNode(credentials, {
				parameters: {
					resource: 'subscription',
					operation: 'update',
					subscriptionId: String(subscription.id_subscription),
					updateFields: { isActive },
				},
			});

		expect((await update(false)).error).toBeUndefined();
		expect(subscriptions()[0].is_active).toBe(false);
		expect(verifications).toEqual([`/good/hook/${subscription.id_subscription}`]);

		expect((await update(true)).error).toBeUndefined();
		expect(subscriptions()[0].is_active).toBe(true);
		expect(verifications).toEqual([
			`/good/hook/${subscription.id_subscription}`,
			`/good/hook/${subscription.id_subscription}`,
		]);

		expect(
			requests()
				.filter((r) => r.method === 'PATCH')
				.map((r) => r.json),
		).toEqual([
			{
				callback_url: subscription.callback_url,
				fallback_email: subscription.fallback_email,
				event_name: subscription.event_name,
				is_active: false,
			},
			{
				callback_url: subscription.callback_url,
				fallback_email: subscription.fallback_email,
				event_name: subscription.event_name,
				is_active: true,
			},
		]);
	});

	it('switches off a subscription whose callback no longer answers the challenge (verified, but only switching on needs it)', async () => {
		const [subscription] = addSubscriptions(1, { callback_url: wrongCallback });
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'update',
				subscriptionId: String(subscription.id_subscription),
				updateFields: { isActive: false },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests().map((r) => [r.method, r.status])).toEqual([
			['GET', 200],
			['PATCH', 204],
		]);
		expect(verifications).toEqual(['/wrong/hook']);
		expect(sandbox.control.deliveries()).toEqual([
			expect.objectContaining({ kind: 'verification', id_subscription: subscription.id_subscription, ok: false }),
		]);
		expect(subscriptions()[0]).toEqual({ ...subscription, is_active: false });
	});

	it('does not change the subscription when the new callback does not answer the challenge', async () => {
		const [subscription] = addSubscriptions(1);
		const before = { ...subscription };
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'update',
				subscriptionId: String(subscription.id_subscription),
				updateFields: { callbackUrl: wrongCallback },
			},
		});

		expect(requests().map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(requests()[1].json).toMatchObject({ callback_url: wrongCallback });
		expect(run.error?.message).toMatch(
			new RegExp(`^Could not update subscription \\d+: callback verification failed for ${wrongCallback}`),
		);
		expect(run.error?.description).toContain('mode=subscribe');
		expect(subscriptions()[0]).toEqual(before);
	});

	it('reports a subscription that does not exist (404) without trying to change it', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'update',
				subscriptionId: '987654',
				updateFields: { isActive: false },
			},
		});

		expect(requests().map((r) => [r.method, r.path, r.status])).toEqual([['GET', '/subscriptions/987654/', 404]]);
		expect(run.error?.message).toBe('Could not update subscription 987654: it was not found');
	});
});

describe('Subscription → Delete', () => {
	it('deletes the subscription and outputs { deleted: true }', async () => {
		const [first, second] = addSubscriptions(2);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'subscription', operation: 'delete', subscriptionId: String(first.id_subscription) },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/subscriptions/${first.id_subscription}/`,
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(subscriptions()).toEqual([second]);
	});

	it('reports a subscription that does not exist (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'subscription', operation: 'delete', subscriptionId: '987654' },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ method: 'DELETE', path: '/subscriptions/987654/', status: 404 });
		expect(run.error?.message).toBe('Could not delete subscription 987654: it was not found');
	});
});

describe('Subscription: input is checked before anything is sent', () => {
	const create = {
		operation: 'create',
		eventName: 'order_new',
		callbackUrl: 'https://example.com/hook',
		fallbackEmail: 'ops@example.com',
	};
	it.each([
		[
			'Create: a callback URL that is not a URL',
			{ ...create, callbackUrl: 'example.com/hook' },
			/"Callback URL" must be a full web address starting with http:\/\/ or https:\/\/, but it is "example.com\/hook" \[item 0\]/,
		],
		[
			'Create: a callback URL that is not http(s)',
			{ ...create, callbackUrl: 'ftp://example.com/hook' },
			/"Callback URL" must be a full web address.*"ftp:\/\/example.com\/hook" \[item 0\]/,
		],
		[
			'Create: a fallback e-mail without a domain',
			{ ...create, fallbackEmail: 'ops@example' },
			/"Fallback Email" must be an e-mail address like name@example.com, but it is "ops@example" \[item 0\]/,
		],
		[
			'Create: two fallback e-mails',
			{ ...create, fallbackEmail: 'a@example.com, b@example.com' },
			/"Fallback Email" must be an e-mail address.*\[item 0\]/,
		],
		[
			'Create: an unknown event from an expression',
			{ ...create, eventName: '={{ "order_paid" }}' },
			/"Event" has an unknown value "order_paid" \[item 0\]/,
		],
		[
			'Update: nothing to change',
			{ operation: 'update', subscriptionId: '1', updateFields: {} },
			/"Update Fields" is empty: add at least one field to change \[item 0\]/,
		],
		[
			'Update: a bad e-mail',
			{ operation: 'update', subscriptionId: '1', updateFields: { fallbackEmail: 'nobody' } },
			/"Fallback Email" must be an e-mail address.*"nobody" \[item 0\]/,
		],
		[
			'Update: a bad URL',
			{ operation: 'update', subscriptionId: '1', updateFields: { callbackUrl: 'hook' } },
			/"Callback URL" must be a full web address.*"hook" \[item 0\]/,
		],
		[
			'Get: a subscription ID that is not a number',
			{ operation: 'get', subscriptionId: 'order_new' },
			/"Subscription" must be a positive whole number, but it is "order_new" \[item 0\]/,
		],
		[
			'Delete: a subscription ID that is not a number',
			{ operation: 'delete', subscriptionId: '1.5' },
			/"Subscription" must be a positive whole number, but it is "1.5" \[item 0\]/,
		],
	])('%s', async (_name, parameters, message) => {
		addSubscriptions(1);
		const run = await runSellerNode(credentials, { parameters: { resource: 'subscription', ...parameters } });

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
		expect(verifications).toHaveLength(0);
	});
});
