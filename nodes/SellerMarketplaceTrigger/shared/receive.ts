/**
 * Receiving side of every trigger version: the verification challenge (GET) and notifications (POST). What
 * differs between API versions (header names, extra body fields, resource paths, signing, reading) comes in
 * a `ReceiveDialect`.
 *
 * A stranger's call costs nothing: the signature is checked first, on the raw bytes, with the secret kept in
 * memory (secretCache.ts). A call whose signature does not verify gets one answer, whatever it names
 * (REFUSED, 401), and makes no request, no execution and no write to static data: only read-back, where a
 * version allows it, reads the resource, within a budget per trigger (deliveryLog.ts). Signed calls get
 * answers that say what happened.
 *
 * Order on a notification: body size and nesting (400) → signature (not signed: REFUSED, unless read-back
 * may confirm it) → JSON shape, one name once (400) → resource path (400) → event selected (200, ignored) →
 * the version's own filter (another storefront: 200, ignored) → signed: id_message taken (200, repeat);
 * not signed: read-back (REFUSED, or ACKNOWLEDGED when it already ran) → Fetch Resource → the delivery taken
 * (atomic in this process), the whole log written to static data → 200 and the event returned.
 *
 * When the log is saved: n8n 2.41 saves a webhook call's static data right after the node returns and before
 * it creates the execution, but only when the node answered the call itself (noWebhookResponse); when n8n
 * answers, it does so after creating the execution, which resets the "changed" mark of the static data, and
 * nothing is saved. So the node answers itself, as the last thing it does: everything that can fail happens
 * before the delivery is taken, and a failure releases it, so a redelivery runs.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bodyLimitProblem, repeatedTopLevelName } from './bodyLimits';
import { DeliveryLog, storedFromKeys, type KeyToTake } from './deliveryLog';
import { nodeParameter } from './parameters';
import { readFailure, type ReadBackRule, type ReadResult } from './readBack';
import { parseResource, type IdForm, type ResourceRef } from './resourcePath';
import { storedDeliveries, storeDeliveries } from './staticData';
import { DEFAULT_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS, nowInSeconds, rememberSeconds } from './time';
import {
	authenticate,
	confirmByReading,
	type Authentication,
	signedEventKeys,
	VERIFY_EVENTS_BY,
	type SignatureCheck,
	type VerifyEventsBy,
} from './verifyEvent';

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
	/** "Verify Events By" when the node has none saved: what the version's documentation supports. */
	defaultVerifyEventsBy: VerifyEventsBy;
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

/** The one answer to every call refused without a valid signature, whatever it names. */
export const REFUSED = { status: 401, body: { error: 'The notification is not accepted: it is not signed as this trigger expects' } } as const;
/** The one answer to a call without a valid signature that is acknowledged: run, or known and not run again. */
export const ACKNOWLEDGED = { status: 200, body: { received: true } } as const;

function clamp(value: unknown, fallback: number, min: number, max: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

function settingsOf(options: TriggerOptions, dialect: ReceiveDialect): Settings {
	const budget = dialect.fetchBudget;
	const maxAge = Number(options.maxTimestampAgeSeconds ?? 0);
	return {
		verifyEventsBy: (VERIFY_EVENTS_BY as readonly string[]).includes(String(options.verifyEventsBy))
			? (options.verifyEventsBy as VerifyEventsBy)
			: dialect.defaultVerifyEventsBy,
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
	const repeated = repeatedTopLevelName(raw.toString('utf8'));
	if (repeated !== undefined) return `the body names ${JSON.stringify(repeated)} twice`;
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
function deliveryLogOf(context: IWebhookFunctions, settings: Settings, now: number): DeliveryLog {
	// test listeners ("manual") keep their own log, as they keep their own static data
	const trigger = [context.getWorkflow().id, context.getNode().id, context.getMode?.(), context.getNodeWebhookUrl('default')].join('|');
	const { log, legacyMessageIds } = storedDeliveries(context);
	const legacy = storedFromKeys(legacyMessageIds.map((id) => `message:${id}`), now + rememberSeconds(settings.maxAgeSeconds));
	return new DeliveryLog(trigger, legacy + log, now);
}

/** POST on the callback URL: a notification. */
export async function receiveNotification(context: IWebhookFunctions, dialect: ReceiveDialect): Promise<IWebhookResponseData> {
	const request = context.getRequestObject();
	const response = context.getResponseObject();
	const settings = settingsOf(nodeParameter<TriggerOptions>(context, 'options', {}), dialect);
	const node = context.getNode().name;

	const log = (level: 'error' | 'warn' | 'debug', message: string) => context.logger[level](`Seller Marketplace Trigger: ${message}`, { node });
	const answer = (status: number, body: IDataObject, logged: string): IWebhookResponseData => {
		log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug', `${status >= 400 ? 'refused' : 'ignored'} a notification (${status}): ${logged}`);
		if (status === 503) response.set('Retry-After', String(RETRY_AFTER_SECONDS));
		response.status(status).json(body);
		return { noWebhookResponse: true };
	};
	/** For signed calls: the answer says what happened. */
	const tell = (status: number, message: string) => answer(status, status >= 400 ? { error: message } : { received: true, ignored: message }, message);
	/** For calls without a valid signature: the same answer whatever happened, the reason only in n8n's log. */
	const refuse = (reason: string) => answer(REFUSED.status, { ...REFUSED.body }, reason);
	const acknowledge = (reason: string) => answer(ACKNOWLEDGED.status, { ...ACKNOWLEDGED.body }, reason);

	const rawBody = rawBodyOf(request as unknown as { rawBody?: unknown });
	if (!rawBody) return refuse('the request has no body');
	const tooMuch = bodyLimitProblem(rawBody);
	if (tooMuch) return tell(400, `malformed notification: ${tooMuch}`);

	const now = nowInSeconds();
	const headers = request.headers as Record<string, unknown>;
	const timestamp = headerOf(headers, dialect.timestampHeader.toLowerCase());
	const authentication: Authentication =
		settings.verifyEventsBy === 'readBack'
			? { kind: 'unsigned', problem: 'Verify Events By is Read-Back' }
			: await authenticate(
					async () => await dialect.checkSignature(context, rawBody, timestamp, headerOf(headers, dialect.signatureHeader.toLowerCase())),
					timestamp,
					dialect.timestampHeader,
					settings.maxAgeSeconds,
					now,
				);
	if (authentication.kind === 'replay') return tell(401, authentication.problem);
	const signed = authentication.kind === 'signed';
	if (!signed && settings.verifyEventsBy === 'signature') {
		if (authentication.noSecret) log('error', `cannot verify notifications: ${authentication.problem}`);
		return refuse(authentication.problem);
	}
	/** A refusal of what the body says: detailed for the signed sender, the one refusal for anyone else. */
	const malformed = (problem: string) => (signed ? tell(400, `malformed notification: ${problem}`) : refuse(`malformed notification: ${problem}`));

	const notification = parseNotification(rawBody, dialect);
	if (typeof notification === 'string') return malformed(notification);
	const ref = parseResource(dialect.resourcePathOf?.(notification) ?? notification.resource, dialect.resourceForms);
	if (!ref) return malformed('resource is not an API path such as /orders/<id>/ whose id leaves the path as it is');

	if (!dialect.selectedEvents(context).includes(notification.event_name)) {
		const reason = `event ${notification.event_name} is not selected`;
		return signed ? tell(200, reason) : acknowledge(reason);
	}
	const elsewhere = await dialect.notForThisTrigger?.(context, notification);
	if (elsewhere) return signed ? tell(200, elsewhere) : acknowledge(elsewhere);

	const deliveries = deliveryLogOf(context, settings, now);
	const messageKey = `message:${notification.id_message}`;
	const repeated = `id_message ${notification.id_message} was already received`;
	const path = dialect.readPathOf(ref, notification);
	const rule = dialect.readBackRuleOf(notification);
	const read = async () => await readResource(context, dialect, path, settings.fetchTimeoutSeconds);

	const keys: KeyToTake[] = [];
	if (settings.ignoreRepeats) keys.push({ key: messageKey, expiresAt: now + rememberSeconds(settings.maxAgeSeconds) });
	let record: IDataObject | undefined;
	if (signed) {
		// Retries of a delivery keep their id_message: start nothing for one already taken.
		if (settings.ignoreRepeats && deliveries.seen([messageKey])) return tell(200, repeated);
		keys.push(...signedEventKeys(notification.event_name, path, rule, settings.maxAgeSeconds, now));
	} else {
		// Not signed: the id_message proves nothing, so it is checked only once the event is confirmed,
		// and the answer is the same whether the id was known or not.
		const confirmation = await confirmByReading({
			eventName: notification.event_name,
			collection: ref.collection,
			path,
			idField: ref.idField,
			id: ref.id,
			rule,
			maxAgeSeconds: settings.maxAgeSeconds,
			now,
			log: deliveries,
			read,
		});
		if (confirmation.kind === 'refused') return refuse(`${authentication.problem}, and ${confirmation.reason}`);
		if (confirmation.kind === 'acknowledged') return acknowledge(confirmation.reason);
		record = confirmation.record;
		keys.push(...confirmation.keys);
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
		verified_by: signed ? 'signature' : 'read-back',
	};
	if (settings.fetchResource) {
		const fetched: ReadResult = record ? { kind: 'found', body: record } : await read();
		Object.assign(item, fetchedFields(path, settings.fetchTimeoutSeconds, dialect.fetchBudget.answerDeadlineSeconds, fetched));
	}

	// Taken last, atomically (no await from here to the answer): a concurrent copy is a repeat.
	const taken = deliveries.take(keys);
	if (taken.outcome === 'repeat') {
		const sameState = taken.key === messageKey ? repeated : `${notification.event_name} for ${path}${rule.once ? '' : ' in the same state'} already ran`;
		return signed ? tell(200, sameState) : acknowledge(sameState);
	}
	if (taken.outcome === 'full') {
		const hours = Math.round(rememberSeconds(settings.maxAgeSeconds) / 3600);
		const full = `the trigger remembers ${taken.cap} deliveries of the last ${hours} hours, its limit, and takes new ones once some expire (the marketplace retries); split the events over several workflows`;
		return signed ? tell(503, full) : refuse(full);
	}
	try {
		storeDeliveries(context, deliveries.storedForm());
		response.status(200).json({ received: true });
		return { workflowData: [context.helpers.returnJsonArray(item)], noWebhookResponse: true };
	} catch (error) {
		// not handed to n8n: a redelivery must run
		deliveries.release(keys);
		throw new NodeOperationError(context.getNode(), error as Error);
	}
}
