/**
 * Receiving side of the v1 trigger: the verification challenge (GET) and notifications (POST).
 *
 * Order of checks on a notification, each refusal answered at once and without an execution:
 * body size and nesting (400) → JSON shape (400) → resource path (400) → event selected (200, ignored) →
 * id_message already taken (200, ignored) → verification, per "Verify Events By": a matching signature
 * whose timestamp is in the window (a stale one: 401), else or instead read-back (401 not confirmed,
 * 200 never confirmable, 503 API not readable now) → remembering the delivery (200 if it turns out to
 * be a repeat, 503 if the log is full) → emitted.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { bodyLimitProblem } from '../shared/bodyLimits';
import { DeliveryLog, storedFromKeys, type KeyToTake } from '../shared/deliveryLog';
import { nodeParameter } from '../shared/parameters';
import { eventFingerprint } from '../shared/readBack';
import { parseResource } from '../shared/resourcePath';
import {
	DEFAULT_MAX_AGE_SECONDS,
	MAX_MAX_AGE_SECONDS,
	MIN_MAX_AGE_SECONDS,
	nowInSeconds,
	rememberSeconds,
} from '../shared/time';
import { VERIFY_EVENTS_BY, verifyEvent, type VerifyEventsBy } from '../shared/verifyEvent';
import { READ_BACK_RULES, readPathOf, RESOURCE_FORMS } from './events';
import { DEFAULT_FETCH_TIMEOUT_SECONDS, fetchedFields, MAX_FETCH_TIMEOUT_SECONDS, readResource } from './readResource';
import { checkSignature } from './signature';
import { parseEvents, staticDataOf, type TriggerStaticData } from './subscriptions';

/** The node's "Options" as saved. */
export interface TriggerOptions {
	verifyEventsBy?: string;
	maxTimestampAgeSeconds?: number;
	ignoreRepeatedDeliveries?: boolean;
	fetchResource?: boolean;
	fetchTimeoutSeconds?: number;
}

interface Settings {
	verifyEventsBy: VerifyEventsBy;
	maxAgeSeconds: number;
	ignoreRepeats: boolean;
	fetchResource: boolean;
	fetchTimeoutSeconds: number;
}

/** The marketplace retries on its own schedule; this only tells others when to try again. */
const RETRY_AFTER_SECONDS = 60;

function clamp(value: unknown, fallback: number, min: number, max: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

function settingsOf(options: TriggerOptions): Settings {
	const maxAge = Number(options.maxTimestampAgeSeconds ?? 0);
	return {
		verifyEventsBy: (VERIFY_EVENTS_BY as readonly string[]).includes(String(options.verifyEventsBy))
			? (options.verifyEventsBy as VerifyEventsBy)
			: 'signatureOrReadBack',
		// 0 (the "off" of earlier versions) and anything unreadable mean the default span
		maxAgeSeconds: Number.isFinite(maxAge) && maxAge > 0 ? clamp(maxAge, DEFAULT_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS) : DEFAULT_MAX_AGE_SECONDS,
		ignoreRepeats: options.ignoreRepeatedDeliveries !== false,
		fetchResource: options.fetchResource === true,
		fetchTimeoutSeconds: clamp(options.fetchTimeoutSeconds, DEFAULT_FETCH_TIMEOUT_SECONDS, 1, MAX_FETCH_TIMEOUT_SECONDS),
	};
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
function rawBodyOf(request: { rawBody?: unknown }): Buffer | undefined {
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	return undefined;
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

/** The deliveries this trigger took, from static data; ids stored by earlier versions count as taken. */
function deliveryLogOf(context: IWebhookFunctions, data: TriggerStaticData, settings: Settings, now: number): DeliveryLog {
	// test listeners ("manual") keep their own log, as they keep their own static data
	const trigger = [context.getWorkflow().id, context.getNode().id, context.getMode?.(), context.getNodeWebhookUrl('default')].join('|');
	const legacy = Array.isArray(data.recentMessageIds)
		? storedFromKeys(data.recentMessageIds.map((id) => `message:${String(id)}`), now + rememberSeconds(settings.maxAgeSeconds))
		: '';
	const stored = typeof data.seenDeliveries === 'string' ? data.seenDeliveries : '';
	return new DeliveryLog(trigger, legacy + stored, now);
}

/** POST on the callback URL: a notification. */
export async function receiveNotification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = this.getRequestObject();
	const response = this.getResponseObject();
	const settings = settingsOf(nodeParameter<TriggerOptions>(this, 'options', {}));
	const node = this.getNode().name;
	/** Set once the delivery log is read: whatever it has due for the static data is written on every answer. */
	const deferred: { persist?: () => void } = {};

	const answer = (status: number, message: string): IWebhookResponseData => {
		deferred.persist?.();
		if (status >= 500) this.logger.error(`Seller Marketplace Trigger could not take a notification (${status}): ${message}`, { node });
		else if (status >= 400) this.logger.warn(`Seller Marketplace Trigger refused a notification (${status}): ${message}`, { node });
		else this.logger.debug(`Seller Marketplace Trigger ignored a notification: ${message}`, { node });
		if (status === 503) response.set('Retry-After', String(RETRY_AFTER_SECONDS));
		response.status(status).json(status >= 400 ? { error: message } : { received: true, ignored: message });
		return { noWebhookResponse: true };
	};

	const rawBody = rawBodyOf(request as unknown as { rawBody?: unknown });
	if (!rawBody) return answer(400, 'the request has no body');
	const tooMuch = bodyLimitProblem(rawBody);
	if (tooMuch) return answer(400, `malformed notification: ${tooMuch}`);
	const notification = parseNotification(rawBody);
	if (typeof notification === 'string') return answer(400, `malformed notification: ${notification}`);
	const ref = parseResource(notification.resource, RESOURCE_FORMS);
	if (!ref) return answer(400, 'resource is not an API path such as /orders/<id>/ whose id leaves the path as it is');

	if (!parseEvents(nodeParameter<unknown[]>(this, 'events', [])).includes(notification.event_name)) {
		return answer(200, `event ${notification.event_name} is not selected`);
	}

	const now = nowInSeconds();
	const data = staticDataOf(this);
	const log = deliveryLogOf(this, data, settings, now);
	const write = (stored: string | undefined) => {
		if (stored === undefined) return;
		data.seenDeliveries = stored;
		delete data.recentMessageIds;
	};
	deferred.persist = () => write(log.dueWrite());
	// Retries of a delivery keep their id_message: start nothing for one already taken.
	const messageKey = `message:${notification.id_message}`;
	const repeated = `id_message ${notification.id_message} was already received`;
	if (settings.ignoreRepeats && log.seen([messageKey])) return answer(200, repeated);

	const headers = request.headers as Record<string, unknown>;
	const timestamp = headerOf(headers, 'hm-timestamp');
	const path = readPathOf(ref);
	const verification = await verifyEvent({
		mode: settings.verifyEventsBy,
		eventName: notification.event_name,
		collection: ref.collection,
		path,
		idField: ref.idField,
		id: ref.id,
		rule: READ_BACK_RULES[notification.event_name as keyof typeof READ_BACK_RULES],
		timestamp,
		maxAgeSeconds: settings.maxAgeSeconds,
		now,
		checkSignature: async () => await checkSignature(this, rawBody, timestamp, headerOf(headers, 'hm-signature')),
		read: async () => await readResource(this, path, settings.fetchTimeoutSeconds),
	});
	if (!verification.verified) return answer(verification.status, verification.message);

	const keys: KeyToTake[] = [];
	if (settings.ignoreRepeats) keys.push({ key: messageKey, expiresAt: now + rememberSeconds(settings.maxAgeSeconds) });
	if (verification.fingerprint) keys.push(verification.fingerprint);
	if (keys.length) {
		const taken = log.take(keys);
		if (taken.outcome === 'repeat') {
			const sameCreation = taken.key === eventFingerprint(notification.event_name, path);
			const ran = `${notification.event_name} for ${path}${sameCreation ? '' : ' in the same state'} already ran`;
			return answer(200, taken.key === messageKey ? repeated : ran);
		}
		if (taken.outcome === 'full') {
			const hours = Math.round(rememberSeconds(settings.maxAgeSeconds) / 3600);
			return answer(
				503,
				`the trigger remembers ${taken.cap} deliveries of the last ${hours} hours, its limit, and takes new ones once some expire (the marketplace retries); split the events over several workflows`,
			);
		}
		write(taken.remembered);
	}

	const item: IDataObject = {
		event_name: notification.event_name,
		resource: notification.resource,
		id_message: notification.id_message,
		payload: notification.payload as IDataObject,
		[ref.idField]: ref.id,
		timestamp: timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : null,
		received_at: new Date().toISOString(),
		verified_by: verification.by,
	};
	if (settings.fetchResource) {
		const read = verification.record
			? ({ kind: 'found', body: verification.record } as const)
			: await readResource(this, path, settings.fetchTimeoutSeconds);
		Object.assign(item, fetchedFields(path, settings.fetchTimeoutSeconds, read));
	}
	return { workflowData: [this.helpers.returnJsonArray(item)] };
}
