/**
 * Receiving side of every trigger version: the verification challenge (GET) and notifications (POST). What
 * differs between API versions (header names, extra body fields, resource paths, signing, reading) comes in
 * a `ReceiveDialect`.
 *
 * Order of checks on a notification, each refusal answered at once and without an execution:
 * body size and nesting (400) → JSON shape (400) → resource path (400) → event selected (200, ignored) →
 * the version's own filter (e.g. another storefront: 200, ignored) → id_message already taken (200, ignored)
 * → verification, per "Verify Events By": a matching signature whose timestamp is in the window (a stale one:
 * 401), else or instead read-back (401 not confirmed, 200 never confirmable, 503 API not readable now) →
 * remembering the delivery (200 if it turns out to be a repeat, 503 if the log is full) → emitted.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { bodyLimitProblem } from './bodyLimits';
import { DeliveryLog, storedFromKeys, type KeyToTake } from './deliveryLog';
import { nodeParameter } from './parameters';
import { eventFingerprint, readFailure, type ReadBackRule, type ReadResult } from './readBack';
import { parseResource, type IdForm, type ResourceRef } from './resourcePath';
import { staticDataOf, type TriggerStaticData } from './subscriptions';
import { DEFAULT_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS, nowInSeconds, rememberSeconds } from './time';
import { VERIFY_EVENTS_BY, verifyEvent, type SignatureCheck, type VerifyEventsBy } from './verifyEvent';

/** The node's "Options" as saved. */
export interface TriggerOptions {
	verifyEventsBy?: string;
	maxTimestampAgeSeconds?: number;
	ignoreRepeatedDeliveries?: boolean;
	fetchResource?: boolean;
	fetchTimeoutSeconds?: number;
}

/** How long reading a resource may take: the default, and the most the marketplace's answer deadline leaves room for. */
export interface FetchBudget {
	defaultSeconds: number;
	maxSeconds: number;
	/** How long the marketplace waits for an answer to a notification. */
	answerDeadlineSeconds: number;
}

export interface Notification {
	event_name: string;
	resource: string;
	id_message: string;
	payload: unknown;
	/** What else the version's body carries and the item shows (e.g. API v2's storefront). */
	extra: IDataObject;
}

/** What one API version adds to the shared receiving path. */
export interface ReceiveDialect {
	/** Header names as the API writes them (e.g. `Shop-Timestamp`); read case-insensitively. */
	timestampHeader: string;
	signatureHeader: string;
	fetchBudget: FetchBudget;
	resourceForms: Readonly<Record<string, IdForm>>;
	/** The resource in the `/<collection>/<id>/` form the forms check, when the version also names it otherwise. */
	resourcePathOf?(notification: Notification): string;
	/** How reading the resource confirms this notification's event. */
	readBackRuleOf(notification: Notification): ReadBackRule;
	/** The fields beyond the four every version has: their values, or why they are malformed. */
	parseExtra(body: IDataObject): IDataObject | string;
	/** The selected events. */
	selectedEvents(context: IWebhookFunctions): string[];
	/** Why a well-formed notification is none of this trigger's business (answered 200), if it is not. */
	notForThisTrigger?(context: IWebhookFunctions, notification: Notification): Promise<string | undefined>;
	/** The API path the resource is read at (and named by in messages). */
	readPathOf(ref: ResourceRef, notification: Notification): string;
	/** One GET of the API, returning the record; `timeoutMs` per attempt, `retry` as the transport takes it. */
	read(context: IWebhookFunctions, path: string, timeoutMs: number, retry: { maxRetries: number; baseDelayMs: number; maxDelayMs: number; maxTotalWaitMs: number }): Promise<unknown>;
	checkSignature(context: IWebhookFunctions, rawBody: Buffer, timestamp: string | undefined, signature: string | undefined): Promise<SignatureCheck>;
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

function settingsOf(options: TriggerOptions, budget: FetchBudget): Settings {
	const maxAge = Number(options.maxTimestampAgeSeconds ?? 0);
	return {
		verifyEventsBy: (VERIFY_EVENTS_BY as readonly string[]).includes(String(options.verifyEventsBy))
			? (options.verifyEventsBy as VerifyEventsBy)
			: 'signatureOrReadBack',
		// 0 (the "off" of earlier versions) and anything unreadable mean the default span
		maxAgeSeconds: Number.isFinite(maxAge) && maxAge > 0 ? clamp(maxAge, DEFAULT_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS) : DEFAULT_MAX_AGE_SECONDS,
		ignoreRepeats: options.ignoreRepeatedDeliveries !== false,
		fetchResource: options.fetchResource === true,
		fetchTimeoutSeconds: clamp(options.fetchTimeoutSeconds, budget.defaultSeconds, 1, budget.maxSeconds),
	};
}

function parseNotification(raw: Buffer, dialect: ReceiveDialect): Notification | string {
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
	const extra = dialect.parseExtra(body as IDataObject);
	if (typeof extra === 'string') return extra;
	return { event_name, resource, id_message, payload, extra };
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

/** Reads the resource within `seconds`: two attempts and one short pause. */
async function readResource(context: IWebhookFunctions, dialect: ReceiveDialect, path: string, seconds: number): Promise<ReadResult> {
	const budgetMs = seconds * 1000;
	const pauseMs = Math.min(500, Math.floor(budgetMs / 4));
	try {
		const body = await dialect.read(context, path, Math.floor((budgetMs - pauseMs) / 2), {
			maxRetries: 1,
			baseDelayMs: pauseMs,
			maxDelayMs: pauseMs,
			maxTotalWaitMs: pauseMs,
		});
		return { kind: 'found', body };
	} catch (error) {
		context.logger.warn(`Seller Marketplace Trigger: could not read ${path}: ${(error as Error).message}`, {
			node: context.getNode().name,
		});
		return readFailure(error);
	}
}

/** What Fetch Resource adds to the item: the resource under `data`, or why it could not be read. */
function fetchedFields(path: string, seconds: number, deadline: number, read: ReadResult): IDataObject {
	if (read.kind === 'found') return { data: read.body as IDataObject };
	return {
		fetch_error: {
			message: read.message,
			note: `The notification was received, but ${path} could not be read within ${seconds} s (the marketplace waits only ${deadline} s for an answer). Read it in a later step with the Seller Marketplace node.`,
		},
	};
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
export async function receiveNotification(context: IWebhookFunctions, dialect: ReceiveDialect): Promise<IWebhookResponseData> {
	const request = context.getRequestObject();
	const response = context.getResponseObject();
	const settings = settingsOf(nodeParameter<TriggerOptions>(context, 'options', {}), dialect.fetchBudget);
	const deadline = dialect.fetchBudget.answerDeadlineSeconds;
	const node = context.getNode().name;
	/** Set once the delivery log is read: whatever it has due for the static data is written on every answer. */
	const deferred: { persist?: () => void } = {};

	const answer = (status: number, message: string): IWebhookResponseData => {
		deferred.persist?.();
		if (status >= 500) context.logger.error(`Seller Marketplace Trigger could not take a notification (${status}): ${message}`, { node });
		else if (status >= 400) context.logger.warn(`Seller Marketplace Trigger refused a notification (${status}): ${message}`, { node });
		else context.logger.debug(`Seller Marketplace Trigger ignored a notification: ${message}`, { node });
		if (status === 503) response.set('Retry-After', String(RETRY_AFTER_SECONDS));
		response.status(status).json(status >= 400 ? { error: message } : { received: true, ignored: message });
		return { noWebhookResponse: true };
	};

	const rawBody = rawBodyOf(request as unknown as { rawBody?: unknown });
	if (!rawBody) return answer(400, 'the request has no body');
	const tooMuch = bodyLimitProblem(rawBody);
	if (tooMuch) return answer(400, `malformed notification: ${tooMuch}`);
	const notification = parseNotification(rawBody, dialect);
	if (typeof notification === 'string') return answer(400, `malformed notification: ${notification}`);
	const ref = parseResource(dialect.resourcePathOf?.(notification) ?? notification.resource, dialect.resourceForms);
	if (!ref) return answer(400, 'resource is not an API path such as /orders/<id>/ whose id leaves the path as it is');

	if (!dialect.selectedEvents(context).includes(notification.event_name)) {
		return answer(200, `event ${notification.event_name} is not selected`);
	}
	const elsewhere = await dialect.notForThisTrigger?.(context, notification);
	if (elsewhere) return answer(200, elsewhere);

	const now = nowInSeconds();
	const data = staticDataOf(context);
	const log = deliveryLogOf(context, data, settings, now);
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
	const timestamp = headerOf(headers, dialect.timestampHeader.toLowerCase());
	const path = dialect.readPathOf(ref, notification);
	const read = async () => await readResource(context, dialect, path, settings.fetchTimeoutSeconds);
	const verification = await verifyEvent({
		mode: settings.verifyEventsBy,
		eventName: notification.event_name,
		collection: ref.collection,
		path,
		idField: ref.idField,
		id: ref.id,
		rule: dialect.readBackRuleOf(notification),
		timestamp,
		timestampHeader: dialect.timestampHeader,
		maxAgeSeconds: settings.maxAgeSeconds,
		now,
		checkSignature: async () => await dialect.checkSignature(context, rawBody, timestamp, headerOf(headers, dialect.signatureHeader.toLowerCase())),
		read,
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
		...notification.extra,
		payload: notification.payload as IDataObject,
		[ref.idField]: ref.id,
		timestamp: timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : null,
		received_at: new Date().toISOString(),
		verified_by: verification.by,
	};
	if (settings.fetchResource) {
		const fetched = verification.record ? ({ kind: 'found', body: verification.record } as const) : await read();
		Object.assign(item, fetchedFields(path, settings.fetchTimeoutSeconds, deadline, fetched));
	}
	return { workflowData: [context.helpers.returnJsonArray(item)] };
}
