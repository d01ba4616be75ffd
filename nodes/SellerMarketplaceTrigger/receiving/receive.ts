/**
 * Receiving: the trigger's `webhook` for every API version. GET is the marketplace's verification challenge,
 * POST a notification, taken in four steps: verify, read, de-duplicate, emit. What differs between API
 * versions (signature inputs, event names, extra body fields, how to confirm by reading) comes in the dialect
 * (../dialect.ts).
 *
 * A stranger's call costs nothing: the signature is checked first, on the raw bytes, with the secret kept in
 * memory (secretCache.ts). A call whose signature does not verify gets one answer, whatever it names
 * (answers.ts), and makes no request, no execution and no write to static data: only read-back, where a
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

import type { Notification, SignatureInputs, TriggerDialect } from '../dialect';
import { parseEvents } from '../shared/events';
import { nodeParameter } from '../shared/parameters';
import { storedDeliveries, storeDelivery } from '../shared/staticData';
import { nowInSeconds, rememberSeconds } from '../shared/time';
import { answerer, type Replies } from './answers';
import { bodyLimitProblem } from './bodyLimits';
import { DeliveryLog, storedFromKeys, type KeyToTake } from './deliveryLog';
import { fetchedFields, readResource } from './fetchResource';
import { headerOf, parseNotification, rawBodyOf } from './notification';
import type { ReadBackRule } from './readBack';
import { parseResource, type ResourceRef } from './resourcePath';
import { settingsOf, type Settings } from './settings';
import { checkSignature } from './signature';
import { authenticate, confirmByReading, signedEventKeys, type Authentication } from './verifyEvent';

/** The trigger's `webhook` for one API version. */
export function webhookOf(dialect: TriggerDialect) {
	return async function webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge(this);
		return await receiveNotification(this, dialect);
	};
}

/** GET on the callback URL: the marketplace's verification request. */
export function answerChallenge(context: IWebhookFunctions): IWebhookResponseData {
	const query = context.getQueryData() as IDataObject;
	const response = context.getResponseObject();
	const challenge = query.challenge;
	if (query.mode === 'subscribe' && typeof challenge === 'string' && challenge && challenge.length <= 1024) {
		// The body must be the challenge and nothing else.
		response.status(200).type('text/plain').set('X-Content-Type-Options', 'nosniff').send(challenge);
	} else {
		context.logger.warn('Seller Marketplace Trigger: refused a GET without mode=subscribe and a challenge', {
			node: context.getNode().name,
		});
		response.status(400).type('text/plain').send('Expected mode=subscribe and a challenge');
	}
	return { noWebhookResponse: true };
}

/** POST on the callback URL: a notification. */
export async function receiveNotification(
	context: IWebhookFunctions,
	dialect: TriggerDialect,
): Promise<IWebhookResponseData> {
	const { confirm } = dialect;
	const settings = settingsOf(
		nodeParameter(context, 'options', {}),
		dialect.defaultVerifyEventsBy,
		confirm.fetchBudget,
	);
	const { log, toSigned, toUnsigned, repliesTo } = answerer(context);
	const rawBody = rawBodyOf(context.getRequestObject() as unknown as { rawBody?: unknown });
	if (!rawBody) return toUnsigned.refused('the request has no body');
	const tooMuch = bodyLimitProblem(rawBody);
	if (tooMuch) return toSigned.malformed(tooMuch);

	// 1. Verify: the signature, before anything else is read.
	const now = nowInSeconds();
	const headers = context.getRequestObject().headers as Record<string, unknown>;
	const timestamp = headerOf(headers, dialect.signature.timestampHeader);
	const authentication = await verify(context, dialect.signature, settings, rawBody, headers, now);
	if (authentication.kind === 'replay') return toSigned.refused(authentication.problem);
	const signed = authentication.kind === 'signed';
	if (!signed && settings.verifyEventsBy === 'signature') {
		if (authentication.noSecret) log('error', `cannot verify notifications: ${authentication.problem}`);
		return toUnsigned.refused(authentication.problem);
	}
	const reply = repliesTo(signed);
	const doubt = authentication.kind === 'unsigned' ? authentication.problem : '';

	// 2. Read: what the notification names, and whether it is this trigger's.
	const notification = parseNotification(rawBody, dialect.scope);
	if (typeof notification === 'string') return reply.malformed(notification);
	const ref = parseResource(confirm.resourcePathOf?.(notification) ?? notification.resource, confirm.resourceForms);
	if (!ref)
		return reply.malformed('resource is not an API path such as /orders/<id>/ whose id leaves the path as it is');
	if (!parseEvents(nodeParameter<unknown[]>(context, 'events', []), dialect.events).includes(notification.event_name)) {
		return reply.ignored(`event ${notification.event_name} is not selected`);
	}
	const elsewhere = await dialect.scope?.notForThisTrigger(context, notification);
	if (elsewhere) return reply.ignored(elsewhere);

	// 3. De-duplicate: signed, by its id_message; not signed, once reading bears the event out.
	const event: EventAt = {
		notification,
		ref,
		path: confirm.readPathOf(ref, notification),
		rule: confirm.ruleOf(notification),
	};
	const deliveries = deliveryLogOf(context, settings, now);
	const read = async () => await readResource(context, confirm, event.path, settings.fetchTimeoutSeconds);
	const admitted = signed
		? admitSigned(event, deliveries, settings, now, recoverable(dialect, notification.event_name))
		: await confirmByReading({
				eventName: notification.event_name,
				collection: ref.collection,
				path: event.path,
				idField: ref.idField,
				id: ref.id,
				rule: event.rule,
				maxAgeSeconds: settings.maxAgeSeconds,
				now,
				log: deliveries,
				read,
			});
	if (admitted.kind === 'repeat' || admitted.kind === 'acknowledged') return reply.ignored(admitted.reason);
	if (admitted.kind === 'refused') return reply.refused(`${doubt}, and ${admitted.reason}`);
	const keys = settings.ignoreRepeats ? [messageKeyOf(event, settings, now), ...admitted.keys] : admitted.keys;

	// 4. Emit: the item, then the delivery taken and the answer, with no await between them.
	const item = itemOf(event, timestamp, signed);
	const pushedAt = signed && !notification.recovered && context.getMode?.() !== 'manual' ? now : undefined;
	if (settings.fetchResource) {
		const fetched = 'record' in admitted ? { kind: 'found' as const, body: admitted.record } : await read();
		Object.assign(
			item,
			fetchedFields(event.path, settings.fetchTimeoutSeconds, confirm.fetchBudget.answerDeadlineSeconds, fetched),
		);
	}
	return emit(context, deliveries, keys, item, event, reply, settings, pushedAt);
}

/** Whether the call is signed as this trigger expects, with a timestamp within the window (not when Verify Events By is Read-Back). */
async function verify(
	context: IWebhookFunctions,
	inputs: SignatureInputs,
	settings: Settings,
	rawBody: Buffer,
	headers: Record<string, unknown>,
	now: number,
): Promise<Authentication> {
	if (settings.verifyEventsBy === 'readBack') return { kind: 'unsigned', problem: 'Verify Events By is Read-Back' };
	const timestamp = headerOf(headers, inputs.timestampHeader);
	return await authenticate(
		async () => await checkSignature(context, inputs, rawBody, timestamp, headerOf(headers, inputs.signatureHeader)),
		timestamp,
		inputs.timestampHeader,
		settings.maxAgeSeconds,
		now,
	);
}

/** A notification with the resource it names, where that is read, and how reading confirms it. */
interface EventAt {
	notification: Notification;
	ref: ResourceRef;
	path: string;
	rule: ReadBackRule;
}

const repeatedMessage = (event: EventAt) => `id_message ${event.notification.id_message} was already received`;

function messageKeyOf(event: EventAt, settings: Settings, now: number): KeyToTake {
	return { key: `message:${event.notification.id_message}`, expiresAt: now + rememberSeconds(settings.maxAgeSeconds) };
}

/** Whether the subscription watch may deliver this event too (read back after a gap): then a push and it run once. */
const recoverable = (dialect: TriggerDialect, eventName: string) =>
	dialect.recovery?.some((entry) => entry.event === eventName) === true;

/** A signed event: retries of a delivery keep their id_message, so one already taken starts nothing. */
function admitSigned(event: EventAt, deliveries: DeliveryLog, settings: Settings, now: number, onceOnly: boolean) {
	if (settings.ignoreRepeats && deliveries.seen([messageKeyOf(event, settings, now).key])) {
		return { kind: 'repeat' as const, reason: repeatedMessage(event) };
	}
	return {
		kind: 'signed' as const,
		keys: signedEventKeys(
			event.notification.event_name,
			event.path,
			event.rule,
			settings.maxAgeSeconds,
			now,
			settings.ignoreRepeats && onceOnly,
		),
	};
}

/** The deliveries this trigger took, from static data; ids stored by earlier versions count as taken. */
function deliveryLogOf(context: IWebhookFunctions, settings: Settings, now: number): DeliveryLog {
	// test listeners ("manual") keep their own log, as they keep their own static data
	const trigger = [
		context.getWorkflow().id,
		context.getNode().id,
		context.getMode?.(),
		context.getNodeWebhookUrl('default'),
	].join('|');
	const { log, legacyMessageIds } = storedDeliveries(context);
	const legacy = storedFromKeys(
		legacyMessageIds.map((id) => `message:${id}`),
		now + rememberSeconds(settings.maxAgeSeconds),
	);
	// a log of the earlier form first: its entries are read up to the first group (deliveryLog.ts)
	return new DeliveryLog(trigger, log + legacy, now);
}

/** The item the workflow starts with. */
function itemOf({ notification, ref }: EventAt, timestamp: string | undefined, signed: boolean): IDataObject {
	return {
		event_name: notification.event_name,
		resource: notification.resource,
		id_message: notification.id_message,
		...notification.extra,
		payload: notification.payload as IDataObject,
		[ref.idField]: ref.id,
		timestamp: timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : null,
		received_at: new Date().toISOString(),
		verified_by: signed ? 'signature' : 'read-back',
		// Read back by the trigger's subscription watch after the marketplace had stopped delivering (signed by it).
		recovered: signed && notification.recovered,
	};
}

/** Takes the delivery (atomically: a concurrent copy is a repeat), writes the log, answers and hands n8n the item. */
function emit(
	context: IWebhookFunctions,
	deliveries: DeliveryLog,
	keys: KeyToTake[],
	item: IDataObject,
	event: EventAt,
	reply: Replies,
	settings: Settings,
	pushedAt: number | undefined,
): IWebhookResponseData {
	const taken = deliveries.take(keys);
	if (taken.outcome === 'repeat') {
		const { notification, path, rule } = event;
		const message = `message:${notification.id_message}`;
		return reply.ignored(
			taken.key === message
				? repeatedMessage(event)
				: `${notification.event_name} for ${path}${rule.once ? '' : ' in the same state'} already ran`,
		);
	}
	if (taken.outcome === 'full') {
		const hours = Math.round(rememberSeconds(settings.maxAgeSeconds) / 3600);
		return reply.refused(
			`the trigger remembers ${taken.cap} deliveries of the last ${hours} hours, its limit, and takes new ones once some expire (the marketplace retries); split the events over several workflows`,
			503,
		);
	}
	try {
		storeDelivery(context, deliveries.storedForm(), pushedAt);
		context.getResponseObject().status(200).json({ received: true });
		return { workflowData: [context.helpers.returnJsonArray(item)], noWebhookResponse: true };
	} catch (error) {
		// not handed to n8n: a redelivery must run
		deliveries.release(keys);
		throw new NodeOperationError(context.getNode(), error as Error);
	}
}
