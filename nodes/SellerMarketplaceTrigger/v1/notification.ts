/**
 * Receiving side of the trigger: the verification challenge (GET) and notifications (POST).
 *
 * Order of checks on a notification, each refusal answered at once and without an execution:
 * signature (401) → timestamp age (401) → JSON shape (400) → resource path (400) → event selected (200,
 * ignored) → repeated id_message (200, ignored). Only then is the event remembered and emitted.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { apiPath, apiRequest, CREDENTIALS_TYPE } from '../../SellerMarketplace/v1/transport';
import { computeSignature } from '../../SellerMarketplace/v1/transport/signing';
import { takeMessage } from './recentMessages';
import { parseEvents, staticDataOf } from './subscriptions';

export interface TriggerOptions {
	verifySignature?: boolean;
	maxTimestampAgeSeconds?: number;
	fetchResource?: boolean;
	fetchTimeoutSeconds?: number;
	dedupeWindow?: number;
}

export const DEFAULT_DEDUPE_WINDOW = 1000;
export const MAX_DEDUPE_WINDOW = 10_000;
export const DEFAULT_FETCH_TIMEOUT_SECONDS = 8;
/** The marketplace waits 15 s for an answer; reading the resource must leave room for everything else. */
export const MAX_FETCH_TIMEOUT_SECONDS = 12;

/** Resource paths a notification may name: collection → id field and whether the id is an integer. */
const RESOURCE_FORMS: Record<string, { idField: string; integer: boolean }> = {
	orders: { idField: 'id_order', integer: false },
	'order-units': { idField: 'id_order_unit', integer: true },
	returns: { idField: 'id_return', integer: true },
	'return-units': { idField: 'id_return_unit', integer: true },
	units: { idField: 'id_unit', integer: true },
	items: { idField: 'id_item', integer: true },
	categories: { idField: 'id_category', integer: true },
};

export interface ParsedResource {
	/** The API path to read, rebuilt from its validated parts, e.g. `/orders/MABC12/`. */
	path: string;
	ids: IDataObject;
}

/**
 * Accepts only `/<known collection>/<id>/` (trailing slash optional) with a plain alphanumeric id, so a
 * forged notification can never steer the signed read to another host or path: no scheme, no host, no
 * `..`, no percent-encoding, no query.
 */
export function parseResource(resource: unknown): ParsedResource | undefined {
	if (typeof resource !== 'string' || resource.length > 200) return undefined;
	const match = /^\/([a-z-]+)\/([A-Za-z0-9]{1,64})\/?$/.exec(resource);
	if (!match) return undefined;
	const [, collection, id] = match;
	const form = Object.prototype.hasOwnProperty.call(RESOURCE_FORMS, collection) ? RESOURCE_FORMS[collection] : undefined;
	if (!form) return undefined;
	if (form.integer && !/^[1-9][0-9]{0,14}$/.test(id)) return undefined;
	return {
		path: apiPath`/${collection}/${id}/`,
		ids: { [form.idField]: form.integer ? Number(id) : id },
	};
}

/**
 * The signature hypothesis: notifications are signed like requests, hex HMAC-SHA256 keyed with the secret
 * key over `POST\n<callback URL as registered>\n<raw body>\n<HM-Timestamp>`. Compared in constant time
 * against each URL this node may have registered (production or test).
 */
export function signatureMatches(
	secretKey: string,
	callbackUrls: string[],
	rawBody: Buffer,
	timestamp: string,
	signature: string,
): boolean {
	if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
	const actual = Buffer.from(signature.toLowerCase(), 'hex');
	return callbackUrls.some((url) => {
		const expected = Buffer.from(computeSignature(secretKey, 'POST', url, rawBody, timestamp), 'hex');
		return expected.length === actual.length && timingSafeEqual(expected, actual);
	});
}

interface Notification {
	event_name: string;
	resource: string;
	id_message: string;
	payload: unknown;
}

function parseNotification(raw: Buffer): Notification | string {
	let body: unknown;
	try {
		body = JSON.parse(raw.toString('utf8'));
	} catch {
		return 'the body is not JSON';
	}
	if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
	const { event_name, resource, id_message, payload } = body as IDataObject;
	if (typeof event_name !== 'string' || !event_name) return 'event_name is missing';
	if (typeof resource !== 'string' || !resource) return 'resource is missing';
	if (typeof id_message !== 'string' || !id_message || id_message.length > 200) return 'id_message is missing or too long';
	return { event_name, resource, id_message, payload };
}

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

/** n8n keeps the exact bytes received as `rawBody`; the signature is over those, never over re-serialised JSON. */
function rawBodyOf(request: { rawBody?: unknown; body?: unknown }): Buffer | undefined {
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	return undefined;
}

function clamp(value: unknown, fallback: number, min: number, max: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

/** URLs a genuine notification may have been signed for: the ones this node registered. */
function callbackUrlsOf(context: IWebhookFunctions): string[] {
	const urls = new Set<string>();
	// The test or production URL of this very call (n8n ≥ 1.x with getWebhookResourceUrl), else production.
	const current =
		typeof context.getWebhookResourceUrl === 'function' ? context.getWebhookResourceUrl('default') : undefined;
	if (current) urls.add(current);
	const production = context.getNodeWebhookUrl('default');
	if (production) urls.add(production);
	for (const url of Object.keys(staticDataOf(context).subscriptions ?? {})) urls.add(url);
	return [...urls];
}

/** GET on the callback URL: the marketplace's verification request. */
export function answerChallenge(this: IWebhookFunctions): IWebhookResponseData {
	const query = this.getQueryData() as IDataObject;
	const response = this.getResponseObject();
	const challenge = query.challenge;
	if (query.mode === 'subscribe' && typeof challenge === 'string' && challenge && challenge.length <= 1024) {
		// The body must be the challenge and nothing else.
		response.status(200).type('text/plain').set('X-Content-Type-Options', 'nosniff').send(challenge);
	} else {
		this.logger.warn('Seller Marketplace Trigger: refused a GET without mode=subscribe and a challenge', {
			node: this.getNode().name,
		});
		response.status(400).type('text/plain').send('Expected mode=subscribe and a challenge');
	}
	return { noWebhookResponse: true };
}

/** Reads the changed resource within a fixed budget: two attempts and one short pause fit in `seconds`. */
async function fetchResource(this: IWebhookFunctions, path: string, seconds: number): Promise<IDataObject> {
	const budgetMs = seconds * 1000;
	const pauseMs = Math.min(500, Math.floor(budgetMs / 4));
	try {
		const response = await apiRequest.call(this, {
			method: 'GET',
			path,
			timeoutMs: Math.floor((budgetMs - pauseMs) / 2),
			retry: { maxRetries: 1, baseDelayMs: pauseMs, maxDelayMs: pauseMs, maxTotalWaitMs: pauseMs },
		});
		return { data: response.body as IDataObject };
	} catch (error) {
		const message = (error as Error).message;
		this.logger.warn(`Seller Marketplace Trigger: could not read ${path}: ${message}`, { node: this.getNode().name });
		return {
			fetch_error: {
				message,
				note: `The notification was received, but ${path} could not be read within ${seconds} s (the marketplace waits only 15 s for an answer). Read it in a later step with the Seller Marketplace node.`,
			},
		};
	}
}

/** POST on the callback URL: a notification. */
export async function receiveNotification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = this.getRequestObject();
	const response = this.getResponseObject();
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const node = this.getNode().name;

	const answer = (status: number, message: string): IWebhookResponseData => {
		if (status >= 400) this.logger.warn(`Seller Marketplace Trigger refused a notification (${status}): ${message}`, { node });
		else this.logger.debug(`Seller Marketplace Trigger ignored a notification: ${message}`, { node });
		response.status(status).json(status >= 400 ? { error: message } : { received: true, ignored: message });
		return { noWebhookResponse: true };
	};

	const rawBody = rawBodyOf(request as unknown as { rawBody?: unknown });
	if (!rawBody) return answer(400, 'the request has no body');
	const headers = request.headers as Record<string, unknown>;
	const timestamp = headerOf(headers, 'hm-timestamp');
	const signature = headerOf(headers, 'hm-signature');

	if (options.verifySignature !== false) {
		if (!timestamp || !signature) return answer(401, 'HM-Timestamp or HM-Signature header missing');
		if (!/^\d{1,12}$/.test(timestamp)) return answer(401, 'HM-Timestamp is not a Unix time');
		const credentials = await this.getCredentials<{ secretKey?: string }>(CREDENTIALS_TYPE);
		const secretKey = String(credentials.secretKey ?? '').trim();
		if (!secretKey) {
			this.logger.error('Seller Marketplace Trigger: the credentials have no Secret Key, so notifications cannot be verified', { node });
			response.status(500).json({ error: 'the trigger cannot verify notifications: no secret key configured' });
			return { noWebhookResponse: true };
		}
		if (!signatureMatches(secretKey, callbackUrlsOf(this), rawBody, timestamp, signature)) {
			return answer(401, 'HM-Signature does not match');
		}
	}

	const maxAge = clamp(options.maxTimestampAgeSeconds, 0, 0, 86_400 * 365);
	if (maxAge > 0) {
		const sent = Number(timestamp);
		if (!timestamp || !Number.isInteger(sent)) return answer(401, 'HM-Timestamp missing');
		if (Math.abs(Math.floor(Date.now() / 1000) - sent) > maxAge) {
			return answer(401, `HM-Timestamp is more than ${maxAge} s away from this server's clock`);
		}
	}

	const notification = parseNotification(rawBody);
	if (typeof notification === 'string') return answer(400, `malformed notification: ${notification}`);
	const resource = parseResource(notification.resource);
	if (!resource) return answer(400, 'resource is not a known API path such as /orders/<id>/');

	if (!parseEvents(this.getNodeParameter('events', [])).includes(notification.event_name)) {
		return answer(200, `event ${notification.event_name} is not selected`);
	}

	// Retries of a delivery keep their id_message: remember the latest ones (bounded) and start nothing for a repeat.
	const remember = Math.floor(clamp(options.dedupeWindow, DEFAULT_DEDUPE_WINDOW, 0, MAX_DEDUPE_WINDOW));
	if (remember > 0) {
		const data = staticDataOf(this);
		const trigger = `${this.getWorkflow().id ?? ''}|${this.getNode().id}|${this.getNodeWebhookUrl('default') ?? ''}`;
		const { repeat, recent } = takeMessage(trigger, notification.id_message, data.recentMessageIds ?? [], remember);
		if (repeat) return answer(200, `id_message ${notification.id_message} was already received`);
		data.recentMessageIds = recent;
	}

	const item: IDataObject = {
		event_name: notification.event_name,
		resource: notification.resource,
		id_message: notification.id_message,
		payload: notification.payload as IDataObject,
		...resource.ids,
		timestamp: timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : null,
		received_at: new Date().toISOString(),
	};
	if (options.fetchResource) {
		const seconds = clamp(options.fetchTimeoutSeconds, DEFAULT_FETCH_TIMEOUT_SECONDS, 1, MAX_FETCH_TIMEOUT_SECONDS);
		Object.assign(item, await fetchResource.call(this, resource.path, seconds));
	}
	return { workflowData: [this.helpers.returnJsonArray(item)] };
}
