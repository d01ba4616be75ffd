/**
 * Shared set-up of the v2 trigger's tests: one sandbox per test file (API v2 under /v2), workflows holding the
 * trigger at typeVersion 2 with API v2 credentials (test/harness/webhook-host.ts, n8n-core's real hook and
 * webhook contexts), and notifications signed as the sandbox signs them (its own implementation), or forged.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { signature, startSandbox, type RequestLogEntry, type Sandbox } from '../../sandbox';
import { WebhookHost, type WebhookHostOptions } from '../harness/webhook-host';
import type { SellerCredentialsV2 } from '../harness/workflow';
import { rawRequest, type ApiResponse } from '../sandbox/v1/client';

export const EMAIL = 'ops@seller.example';

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

/** A v2 order_new notification (storefront de); a new id_message and order id unless given. */
export const notification = (fields: Record<string, unknown> = {}): string => {
	sequence++;
	return JSON.stringify({
		event_name: 'order_new',
		id_message: `m2-${sequence}-${Math.random()}`,
		resource: `/orders/MV${sequence}/`,
		storefront: 'de',
		payload: [],
		...fields,
	});
};

/** The trigger's saved static data (what n8n keeps between calls and restarts). */
export const triggerStaticData = (host: WebhookHost): IDataObject & { subscriptions?: Record<string, Record<string, number>> } =>
	(host.staticData['node:Seller Marketplace Trigger'] ?? {}) as IDataObject;

export interface TestbedV2 {
	readonly sandbox: Sandbox;
	credentials(): SellerCredentialsV2;
	/** A workflow with the trigger (typeVersion 2), not yet active; closed (and deactivated, if asked) after the test. */
	host(parameters?: INodeParameters, options?: Partial<WebhookHostOptions>): Promise<WebhookHost>;
	/** The same, activated. */
	activeHost(parameters?: INodeParameters, options?: Partial<WebhookHostOptions>): Promise<WebhookHost>;
	/** Signs like the sandbox: hex HMAC-SHA256 of POST, the callback URL, the raw body, Shop-Timestamp. */
	signed(host: WebhookHost, body: string, options?: SignOptions): Delivery;
	/** As the marketplace would if its scheme were other than the node assumes. */
	signedOtherwise(body: string): Delivery;
	post(host: WebhookHost, delivery: Delivery, mode?: 'production' | 'test'): Promise<ApiResponse>;
	/** v2 requests the node sent, oldest first. */
	v2Requests(): RequestLogEntry[];
	/** GET requests the node sent to read resources (subscription listings left out). */
	reads(): RequestLogEntry[];
}

export function useTestbedV2(defaults: INodeParameters = { events: ['order_new', 'order_unit_status_changed'] }): TestbedV2 {
	let sandbox: Sandbox | undefined;
	const hosts: Array<{ host: WebhookHost; active: boolean }> = [];

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

	const credentials = (): SellerCredentialsV2 => ({
		clientKey: sandbox!.clientKey,
		secretKey: sandbox!.secretKey,
		baseUrl: sandbox!.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	});

	const start = async (parameters: INodeParameters, options: Partial<WebhookHostOptions>, active: boolean) => {
		const host = await WebhookHost.start({
			credentials: credentials(),
			typeVersion: 2,
			parameters: { fallbackEmail: EMAIL, ...defaults, ...parameters },
			...options,
		});
		const entry = { host, active };
		hosts.push(entry);
		if (active) await host.activate();
		return host;
	};

	return {
		get sandbox() {
			return sandbox!;
		},
		credentials,
		host: async (parameters = {}, options = {}) => await start(parameters, options, false),
		activeHost: async (parameters = {}, options = {}) => await start(parameters, options, true),
		signed(host, body, options = {}) {
			const timestamp = String(options.timestamp ?? nowSeconds());
			return { body, timestamp, signature: signature(options.secret ?? sandbox!.secretKey, 'POST', options.url ?? host.url(), body, timestamp) };
		},
		signedOtherwise(body) {
			return { body, timestamp: String(nowSeconds()), signature: signature(sandbox!.secretKey, 'POST', '', body, '') };
		},
		async post(host, delivery, mode = 'production') {
			const headers: Record<string, string> = { 'Content-Type': 'application/json' };
			if (delivery.timestamp !== undefined) headers['Shop-Timestamp'] = delivery.timestamp;
			if (delivery.signature !== undefined) headers['Shop-Signature'] = delivery.signature;
			return await rawRequest(host.url(mode), 'POST', headers, delivery.body);
		},
		v2Requests: () => sandbox!.control.requests().filter((entry) => entry.api === 'v2'),
		reads: () => sandbox!.control.requests().filter((entry) => entry.api === 'v2' && entry.method === 'GET' && entry.path !== '/subscriptions'),
	};
}
