/**
 * Subscription (node version 2) — Create, Get Many, Get, Update, Delete — and Carrier → Get Many, through n8n-core
 * against the v2 sandbox. A local callback server answers the sandbox's verification challenge.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Subscription } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

export function useSubscriptionSandbox() {
	const v2 = useSandboxV2();
	// the paths the callback server was asked for, this test
	const verifications: string[] = [];
	let callbackServer: http.Server;
	let goodCallback: string;
	let wrongCallback: string;
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
	return {
		v2,
		verifications,
		/** a callback URL that answers the challenge (known once the file's tests start) */
		goodCallback: () => goodCallback,
		/** a callback URL that answers something else */
		wrongCallback: () => wrongCallback,
		subscriptions,
		run,
		add,
	};
}
