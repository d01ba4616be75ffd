/**
 * The one set-up of the push trigger's tests, for either node version: one sandbox per test file (API v1 at its
 * root, API v2 under /v2), workflows holding the trigger at that typeVersion with that API's credentials
 * (test/harness/webhook-host.ts, n8n-core's real hook and webhook contexts), and notifications signed as the
 * sandbox signs them (its own implementation), or forged. After every test the hosts are deactivated and
 * closed, and every answer the sandbox gave must have been one the OpenAPI allows.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { signature, startSandbox, type RequestLogEntry, type Sandbox } from '../../sandbox';
import { WebhookHost, type WebhookHostOptions } from '../harness/webhook-host';
import type { SellerCredentials, SellerCredentialsV2 } from '../harness/workflow';
import { rawRequest, type ApiResponse } from '../sandbox/v1/client';

export const EMAIL = 'ops@seller.example';

export type TriggerVersion = 1 | 2;

/** What each node version's API names differently. */
const API = {
	1: {
		name: 'v1',
		timestampHeader: 'HM-Timestamp',
		signatureHeader: 'HM-Signature',
		subscriptionList: '/subscriptions/seller/',
	},
	2: {
		name: 'v2',
		timestampHeader: 'Shop-Timestamp',
		signatureHeader: 'Shop-Signature',
		subscriptionList: '/subscriptions',
	},
} as const;

export interface Delivery {
	body: string;
	timestamp?: string;
	signature?: string;
}

export interface SignOptions {
	/** Unix seconds; default now. */
	timestamp?: number;
	secret?: string;
	url?: string;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

let sequence = 0;

/** An order_new notification as the version's API sends it (v2: storefront de); a new id_message and order id unless given. */
export function notificationOf(version: TriggerVersion, fields: Record<string, unknown> = {}): string {
	sequence++;
	if (version === 1) {
		return JSON.stringify({
			event_name: 'order_new',
			resource: `/orders/MT${sequence}/`,
			id_message: `m-${sequence}-${Math.random()}`,
			payload: '[]',
			...fields,
		});
	}
	return JSON.stringify({
		event_name: 'order_new',
		id_message: `m2-${sequence}-${Math.random()}`,
		resource: `/orders/MV${sequence}/`,
		storefront: 'de',
		payload: [],
		...fields,
	});
}

/** The trigger's saved static data (what n8n keeps between calls and restarts). */
export const triggerStaticData = (
	host: WebhookHost,
): IDataObject & { subscriptions?: Record<string, Record<string, number>> } =>
	(host.staticData['node:Seller Marketplace Trigger'] ?? {}) as IDataObject;

export interface Testbed<V extends TriggerVersion> {
	readonly sandbox: Sandbox;
	credentials(): V extends 2 ? SellerCredentialsV2 : SellerCredentials;
	/** An order_new notification of this version (see notificationOf). */
	notification(fields?: Record<string, unknown>): string;
	/** A workflow with the trigger, not yet active; closed (and deactivated, if activated here) after the test. */
	host(parameters?: INodeParameters, options?: Partial<WebhookHostOptions>): Promise<WebhookHost>;
	/** The same, activated. */
	activeHost(parameters?: INodeParameters, options?: Partial<WebhookHostOptions>): Promise<WebhookHost>;
	/** Signs like the sandbox: hex HMAC-SHA256 of POST, the callback URL, the raw body, the timestamp header. */
	signed(host: WebhookHost, body: string, options?: SignOptions): Delivery;
	/** As the marketplace would if it signed notifications some other way than the node assumes. */
	signedOtherwise(body: string): Delivery;
	post(host: WebhookHost, delivery: Delivery, mode?: 'production' | 'test'): Promise<ApiResponse>;
	/** Requests the node sent to this version's API, oldest first. */
	requests(): RequestLogEntry[];
	/**
	 * GET requests the node sent to this version's API to read resources once published (subscription listings, and
	 * what publishing itself reads, left out).
	 */
	reads(): RequestLogEntry[];
	/**
	 * An order of the seller, created now (so it is "new"). Create it before activating a host when the test
	 * sends the notification itself: the sandbox notifies active subscriptions.
	 */
	newOrder(id?: string): Promise<string>;
}

export function useTestbed<V extends TriggerVersion>(
	version: V,
	defaults: INodeParameters = { events: ['order_new', 'order_unit_status_changed'] },
): Testbed<V> {
	const api = API[version];
	let sandbox: Sandbox | undefined;
	const hosts: Array<{ host: WebhookHost; active: boolean }> = [];
	/** The request log's last entry (its seq) when a host last finished publishing. */
	let readsFrom = 0;

	beforeAll(async () => {
		// The node logs every refusal (as it should); keep the test output to errors.
		process.env.N8N_LOG_LEVEL ??= 'error';
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => {
		sandbox!.control.reset();
		readsFrom = 0;
	});
	afterEach(async () => {
		sandbox!.control.clearFaults();
		while (hosts.length) {
			const { host, active } = hosts.pop()!;
			if (active) await host.deactivate();
			await host.close();
		}
		expect(sandbox!.control.responseViolations()).toEqual([]);
	});

	const credentials = (): SellerCredentials | SellerCredentialsV2 =>
		version === 1
			? { clientKey: sandbox!.clientKey, secretKey: sandbox!.secretKey, baseUrl: sandbox!.baseUrl }
			: {
					clientKey: sandbox!.clientKey,
					secretKey: sandbox!.secretKey,
					baseUrl: sandbox!.v2BaseUrl,
					storefront: 'de',
					userAgent: DEFAULT_USER_AGENT,
				};

	const start = async (parameters: INodeParameters, options: Partial<WebhookHostOptions>, active: boolean) => {
		const host = await WebhookHost.start({
			credentials: credentials(),
			typeVersion: version,
			parameters: { fallbackEmail: EMAIL, ...defaults, ...parameters },
			...options,
		});
		hosts.push({ host, active });
		// What publishing reads (the subscription watch's starting point) is not a read of a notification.
		const activate = host.activate.bind(host);
		host.activate = async (...args: Parameters<WebhookHost['activate']>) => {
			await activate(...args);
			readsFrom = sandbox!.control.requests().at(-1)?.seq ?? readsFrom;
		};
		if (active) await host.activate();
		return host;
	};
	// the sandbox marks requests to /v2 with api 'v2', those to /api/v1 with none
	const requests = () => sandbox!.control.requests().filter((entry) => (entry.api ?? 'v1') === api.name);

	return {
		get sandbox() {
			return sandbox!;
		},
		credentials: credentials as Testbed<V>['credentials'],
		notification: (fields) => notificationOf(version, fields),
		host: async (parameters = {}, options = {}) => await start(parameters, options, false),
		activeHost: async (parameters = {}, options = {}) => await start(parameters, options, true),
		signed(host, body, options = {}) {
			const timestamp = String(options.timestamp ?? nowSeconds());
			return {
				body,
				timestamp,
				signature: signature(options.secret ?? sandbox!.secretKey, 'POST', options.url ?? host.url(), body, timestamp),
			};
		},
		signedOtherwise(body) {
			// e.g. only the body, keyed with the secret key: a scheme the node does not know
			return { body, timestamp: String(nowSeconds()), signature: signature(sandbox!.secretKey, 'POST', '', body, '') };
		},
		async post(host, delivery, mode = 'production') {
			const headers: Record<string, string> = { 'Content-Type': 'application/json' };
			if (delivery.timestamp !== undefined) headers[api.timestampHeader] = delivery.timestamp;
			if (delivery.signature !== undefined) headers[api.signatureHeader] = delivery.signature;
			return await rawRequest(host.url(mode), 'POST', headers, delivery.body);
		},
		requests,
		reads: () =>
			requests().filter(
				(entry) => entry.seq > readsFrom && entry.method === 'GET' && entry.path !== api.subscriptionList,
			),
		async newOrder(id) {
			const { order } = await sandbox!.control.createOrder(id === undefined ? {} : { id_order: id });
			return order.id_order;
		},
	};
}
