/**
 * Shared set-up of the trigger's receiving-side tests: one sandbox per test file, one activated workflow
 * (test/harness/webhook-host.ts, n8n-core's real webhook context) per test, and ways to send it
 * notifications signed like the sandbox signs them, or forged.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { signature, startSandbox, type Sandbox } from '../../sandbox';
import { WebhookHost, type WebhookHostOptions } from '../harness/webhook-host';
import { rawRequest, type ApiResponse } from '../sandbox/v1/client';

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

export interface Testbed {
	readonly sandbox: Sandbox;
	/** Starts and activates the workflow; it is deactivated and closed after the test. */
	activeHost(parameters?: INodeParameters, options?: Partial<WebhookHostOptions>): Promise<WebhookHost>;
	/** Signs like the sandbox does (its own implementation): POST, the callback URL, the raw body, the timestamp. */
	signed(host: WebhookHost, body: string, options?: SignOptions): Delivery;
	/** As the marketplace would if it signed notifications some other way than the node assumes. */
	signedOtherwise(body: string): Delivery;
	post(host: WebhookHost, delivery: Delivery): Promise<ApiResponse>;
	/** GET requests the node sent to the API, subscription listings left out. */
	apiReads(): Array<{ path: string; rawUrl: string; signatureValid: boolean }>;
	/**
	 * An order of the seller that the API v1 shows, created now (so it is "new"). Create it before
	 * activating a host when the test sends the notification itself: the sandbox notifies active subscriptions.
	 */
	newOrder(id?: string): Promise<string>;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

let sequence = 0;

/** An order_new notification; a new id_message and order id unless given. */
export const notification = (fields: Record<string, unknown> = {}): string => {
	sequence++;
	return JSON.stringify({ event_name: 'order_new', resource: `/orders/MT${sequence}/`, id_message: `m-${sequence}-${Math.random()}`, payload: '[]', ...fields });
};

/** The trigger's saved static data (what n8n keeps between calls and restarts). */
export const triggerStaticData = (host: WebhookHost): IDataObject =>
	(host.staticData['node:Seller Marketplace Trigger'] ?? {}) as IDataObject;

export function useTestbed(defaults: INodeParameters = { events: ['order_new', 'order_unit_status_changed'] }): Testbed {
	let sandbox: Sandbox | undefined;
	const hosts: WebhookHost[] = [];

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
			const host = hosts.pop()!;
			await host.deactivate();
			await host.close();
		}
	});

	const testbed: Testbed = {
		get sandbox() {
			return sandbox!;
		},
		async activeHost(parameters = {}, options = {}) {
			const host = await WebhookHost.start({
				credentials: { clientKey: sandbox!.clientKey, secretKey: sandbox!.secretKey, baseUrl: sandbox!.baseUrl },
				parameters: { fallbackEmail: 'ops@seller.example', ...defaults, ...parameters },
				...options,
			});
			hosts.push(host);
			await host.activate();
			return host;
		},
		signed(host, body, options = {}) {
			const timestamp = String(options.timestamp ?? nowSeconds());
			return {
				body,
				timestamp,
				signature: signature(options.secret ?? sandbox!.secretKey, 'POST', options.url ?? host.url(), body, timestamp),
			};
		},
		signedOtherwise(body) {
			const timestamp = String(nowSeconds());
			// e.g. only the body, keyed with the secret key: a scheme the node does not know
			return { body, timestamp, signature: signature(sandbox!.secretKey, 'POST', '', body, '') };
		},
		async post(host, delivery) {
			const headers: Record<string, string> = { 'Content-Type': 'application/json' };
			if (delivery.timestamp !== undefined) headers['HM-Timestamp'] = delivery.timestamp;
			if (delivery.signature !== undefined) headers['HM-Signature'] = delivery.signature;
			return await rawRequest(host.url(), 'POST', headers, delivery.body);
		},
		apiReads() {
			return sandbox!.control.requests().filter((r) => r.method === 'GET' && r.path !== '/subscriptions/seller/');
		},
		async newOrder(id) {
			const { order } = await sandbox!.control.createOrder(id === undefined ? {} : { id_order: id });
			return order.id_order;
		},
	};
	return testbed;
}
