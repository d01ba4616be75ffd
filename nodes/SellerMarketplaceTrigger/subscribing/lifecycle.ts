/**
 * Subscribing: the trigger's subscription lifecycle (checkExists → create on activation, delete on
 * deactivation), for any API version; the requests themselves come in the dialect (../dialect.ts).
 *
 * The API holds one event per subscription, so the node keeps one subscription per selected event, stored
 * per callback URL (../shared/staticData.ts).
 */
import type { IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isEmailAddress } from '../../shared/helpers/validation';
import type { RetryPolicy } from '../../api/core/retry';
import type { RemoteSubscription, SubscriptionApi, TriggerDialect } from '../dialect';
import { parseEvents } from '../shared/events';
import { nodeParameter } from '../shared/parameters';
import {
	forgetPublished,
	lastDeliveryAt,
	publishedAt,
	storePublishedAt,
	storedSubscriptions,
	storeSubscriptions,
	type SubscriptionMap,
} from '../shared/staticData';
import { DEFAULT_WATCH_MINUTES, RECOVERY_SPAN_SECONDS, startWatch, stopWatch } from './watch';

/** What subscribing needs of a dialect. */
type LifecycleDialect = Pick<TriggerDialect, 'events' | 'subscriptions' | 'recovery' | 'signature'>;

/** Lifecycle calls run while n8n activates or deactivates a workflow: retry a little, never for minutes. */
export const LIFECYCLE_RETRY: Partial<RetryPolicy> = { maxRetries: 2, maxTotalWaitMs: 10_000 };

function callbackUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

function requireEvents(context: IHookFunctions, known: readonly string[]): string[] {
	const events = parseEvents(context.getNodeParameter('events', []), known);
	if (!events.length) {
		throw new NodeOperationError(context.getNode(), 'Select at least one event in "Trigger On"');
	}
	return events;
}

function fallbackEmailOf(context: IHookFunctions): string {
	const email = String(context.getNodeParameter('fallbackEmail', '') ?? '').trim();
	if (!isEmailAddress(email)) {
		const given = email ? `, but it is "${email}"` : ', but it is empty';
		throw new NodeOperationError(
			context.getNode(),
			`"Fallback Email" must be an e-mail address like name@example.com${given}`,
			{
				description:
					'The marketplace requires it for every subscription: it writes there when it disables a subscription after about 12 hours of failed deliveries.',
			},
		);
	}
	return email;
}

/**
 * What checking and subscribing start from: the webhook URL, the selected events and the fallback e-mail, the
 * last two checked before any request (so a typo shows up at once rather than after subscribing half-way), and
 * the subscriptions stored for the URL.
 */
function subscribingSettings(context: IHookFunctions, selectable: readonly string[]) {
	const callbackUrl = callbackUrlOf(context);
	const events = requireEvents(context, selectable);
	const email = fallbackEmailOf(context);
	return { callbackUrl, events, email, stored: storedSubscriptions(context, callbackUrl) };
}

function httpCodeOf(error: unknown): number | undefined {
	const code = Number((error as { httpCode?: unknown }).httpCode);
	return Number.isFinite(code) && code > 0 ? code : undefined;
}

/** Deletes one subscription; an already missing one counts as deleted. Returns false (and logs) on failure. */
async function deleteOne(context: IHookFunctions, api: SubscriptionApi, id: number): Promise<boolean> {
	try {
		await api.remove(context, id);
		return true;
	} catch (error) {
		if (httpCodeOf(error) === 404) return true;
		context.logger.warn(
			`Seller Marketplace Trigger: could not delete subscription ${id}: ${(error as Error).message}`,
			{
				node: context.getNode().name,
			},
		);
		return false;
	}
}

/**
 * Explains a failed subscribe (or re-activation) in terms a user can act on. The marketplace verifies the
 * callback before it stores a subscription, so most failures mean it could not reach n8n at that URL.
 */
function subscribeError(
	context: IHookFunctions,
	error: unknown,
	event: string,
	callbackUrl: string,
	leftBehind: number[],
): Error {
	const status = httpCodeOf(error);
	// Wrong keys or a busy API are not about reachability: keep the transport's own, precise error.
	if (status === 401 || status === 403 || status === 429) return error as Error;
	const original = error as Error & { description?: string };
	const said = [original.message, original.description].filter(Boolean).join('\n');
	const cleanup = leftBehind.length
		? `Subscription(s) ${leftBehind.join(', ')} created before the failure could not be deleted; remove them with the Seller Marketplace node (Subscription → Delete).`
		: 'No subscription was left behind.';
	const reachability =
		status === undefined && /could not reach the marketplace/i.test(original.message)
			? 'n8n could not reach the marketplace API itself: check the Base URL of the credentials and the network.'
			: `Before it subscribes, the marketplace verifies the callback: it sends GET ${callbackUrl}?mode=subscribe&challenge=… and expects the challenge back within 15 seconds. n8n must therefore be reachable from the internet at that address. If n8n runs on localhost or behind a reverse proxy, set the WEBHOOK_URL environment variable (N8N_WEBHOOK_URL in older set-ups) to its public https address and activate the workflow again.`;
	const description = `${reachability}\n\n${cleanup}\n\nThe marketplace said: ${said || 'nothing'}`;
	const message = `The marketplace could not subscribe "${event}" notifications to ${callbackUrl}`;
	if (error instanceof NodeApiError) {
		return new NodeApiError(context.getNode(), { message: said, httpCode: status } as unknown as JsonObject, {
			message,
			description,
			httpCode: status === undefined ? undefined : String(status),
		});
	}
	return new NodeOperationError(context.getNode(), message, { description });
}

/** Ranks candidates for "the" subscription of a URL and event: active first, then the one n8n already knew. */
function preferred(a: RemoteSubscription, b: RemoteSubscription, knownId: number | undefined): RemoteSubscription {
	if (a.is_active !== b.is_active) return a.is_active ? a : b;
	if (b.id_subscription === knownId) return b;
	return a;
}

/**
 * Whether every selected event already has a subscription for this webhook URL that delivers as wanted.
 * Reconciles static data with the marketplace on the way: stored ids that are gone are forgotten,
 * subscriptions for this URL that n8n lost track of are adopted (no duplicate after a restart or lost
 * static data), repeats for the same URL and event are removed (each would deliver every event again),
 * and selected events whose subscription was disabled (or, in API v2, is for another storefront) are repaired.
 */
async function checkSubscriptions(
	context: IHookFunctions,
	{ events: selectable, subscriptions: api }: LifecycleDialect,
): Promise<{ complete: boolean; repaired: boolean }> {
	const { callbackUrl, events, email, stored: known } = subscribingSettings(context, selectable);
	const remote = await api.list(context);

	const chosen = new Map<string, RemoteSubscription>();
	const repeats: RemoteSubscription[] = [];
	for (const subscription of remote) {
		if (subscription.callback_url !== callbackUrl) continue;
		const current = chosen.get(subscription.event_name);
		if (!current) {
			chosen.set(subscription.event_name, subscription);
			continue;
		}
		const keep = preferred(current, subscription, known[subscription.event_name]);
		chosen.set(subscription.event_name, keep);
		repeats.push(keep === current ? subscription : current);
	}

	const next: SubscriptionMap = {};
	for (const [event, subscription] of chosen) next[event] = Number(subscription.id_subscription);
	for (const [event, id] of Object.entries(known)) {
		if (next[event] !== id) {
			context.logger.info(
				`Seller Marketplace Trigger: subscription ${id} (${event}) no longer exists for ${callbackUrl}; forgetting it`,
			);
		}
	}
	storeSubscriptions(context, callbackUrl, next);

	for (const repeat of repeats) {
		context.logger.warn(
			`Seller Marketplace Trigger: deleting subscription ${repeat.id_subscription}, a second one for "${repeat.event_name}" at ${callbackUrl}`,
		);
		await deleteOne(context, api, Number(repeat.id_subscription));
	}

	let repaired = false;
	for (const event of events) {
		const subscription = chosen.get(event);
		if (!subscription) continue;
		const changes = await api.repairOf(context, subscription, { callbackUrl, event, email });
		if (!changes) continue;
		repaired ||= changes.is_active === true;
		// The marketplace disables a subscription after ~12 h of failed deliveries; switching it on verifies the callback again.
		try {
			await api.repair(context, Number(subscription.id_subscription), changes);
			context.logger.info(
				`Seller Marketplace Trigger: repaired subscription ${subscription.id_subscription} (${event}): ${Object.keys(changes).join(', ')}`,
			);
		} catch (error) {
			throw subscribeError(context, error, event, callbackUrl, []);
		}
	}
	return { complete: events.every((event) => next[event] !== undefined), repaired };
}

/**
 * Subscribes every selected event that has no subscription for this URL yet. All or nothing: when one
 * fails, the subscriptions created in this call are deleted again before the error is raised.
 */
async function createSubscriptions(
	context: IHookFunctions,
	{ events: selectable, subscriptions: api }: LifecycleDialect,
): Promise<boolean> {
	const { callbackUrl, events, email, stored: subscriptions } = subscribingSettings(context, selectable);
	const createdNow: number[] = [];
	for (const event of events) {
		if (subscriptions[event] !== undefined) continue;
		try {
			const id = await api.create(context, { callbackUrl, event, email });
			subscriptions[event] = id;
			createdNow.push(id);
		} catch (error) {
			const leftBehind: number[] = [];
			for (const id of createdNow) if (!(await deleteOne(context, api, id))) leftBehind.push(id);
			const kept = Object.fromEntries(
				Object.entries(subscriptions).filter(([, id]) => !createdNow.includes(id) || leftBehind.includes(id)),
			);
			storeSubscriptions(context, callbackUrl, kept);
			throw subscribeError(context, error, event, callbackUrl, leftBehind);
		}
	}
	storeSubscriptions(context, callbackUrl, subscriptions);
	return true;
}

/**
 * Deletes exactly the subscriptions stored for this URL (created or adopted by this node) and those its watch made
 * again; other URLs, such as the production subscriptions while a test listener stops, are never touched.
 */
async function deleteSubscriptions(
	context: IHookFunctions,
	{ subscriptions: api }: LifecycleDialect,
	madeByWatch: SubscriptionMap = {},
): Promise<boolean> {
	const callbackUrl = callbackUrlOf(context);
	const failed: SubscriptionMap = {};
	const stored = Object.entries(storedSubscriptions(context, callbackUrl));
	// The watch's own are not in static data (see watch.ts); one already deleted counts as deleted.
	for (const [event, id] of [...stored, ...Object.entries(madeByWatch)]) {
		if (!(await deleteOne(context, api, id))) failed[event] = id;
	}
	// What could not be deleted stays known, so the next activation adopts it instead of leaving it orphaned.
	storeSubscriptions(context, callbackUrl, failed);
	return Object.keys(failed).length === 0;
}

/**
 * Since when events are this trigger's, by the marketplace's clock: just after the newest creation of each event
 * the watch can recover when it is first published (one read each), or n8n's now when there is none. Kept in static
 * data through restarts, so that no record from before publishing is ever delivered as recovered.
 */
async function publishedSince(context: IHookFunctions, dialect: LifecycleDialect, events: string[]): Promise<number> {
	const stored = publishedAt(context);
	if (stored !== undefined) return stored;
	// A minute to spare for a marketplace clock a little behind n8n's.
	let since = Math.floor(Date.now() / 1000) - 60;
	for (const entry of dialect.recovery ?? []) {
		if (!events.includes(entry.event)) continue;
		const newest = await entry.newest(context);
		if (newest !== undefined) since = Math.max(since, newest + 1);
	}
	storePublishedAt(context, since);
	return since;
}

/**
 * Starts the subscription watch (watch.ts) once every event is subscribed. `repaired` when activation switched a
 * subscription back on: the events after the last one the trigger received (or, when it received none, those of
 * the span the marketplace retries before it gives up) are read and delivered.
 */
async function watchSubscriptions(context: IHookFunctions, dialect: LifecycleDialect, repaired = false): Promise<void> {
	if (context.getMode() === 'manual') return;
	try {
		await startWatching(context, dialect, repaired);
	} catch (error) {
		// The subscriptions stand; only the watch is missing until the next activation.
		context.logger.warn(
			`Seller Marketplace Trigger: the subscription watch could not start: ${(error as Error).message}`,
			{ node: context.getNode().name },
		);
	}
}

async function startWatching(context: IHookFunctions, dialect: LifecycleDialect, repaired: boolean): Promise<void> {
	const { callbackUrl, events, email } = subscribingSettings(context, dialect.events);
	const minutes = Number(
		nodeParameter<{ checkSubscriptionsMinutes?: unknown }>(context, 'options', {}).checkSubscriptionsMinutes ??
			DEFAULT_WATCH_MINUTES,
	);
	if (!(minutes > 0)) return;
	const now = Math.floor(Date.now() / 1000);
	const since = await publishedSince(context, dialect, events);
	const recoverFrom = repaired
		? Math.max(since, Math.min(now, lastDeliveryAt(context) ?? now - RECOVERY_SPAN_SECONDS))
		: undefined;
	startWatch(context, dialect, { callbackUrl, events, email }, { minutes, recoverFrom, since });
}

/** The trigger's `webhookMethods` for one API version: n8n calls them on activation and deactivation. */
export function lifecycleMethods(dialect: LifecycleDialect) {
	return {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const { complete, repaired } = await checkSubscriptions(this, dialect);
				if (complete) await watchSubscriptions(this, dialect, repaired);
				return complete;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const created = await createSubscriptions(this, dialect);
				await watchSubscriptions(this, dialect);
				return created;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const madeByWatch = stopWatch(this, callbackUrlOf(this));
				if (this.getMode() !== 'manual') forgetPublished(this);
				return await deleteSubscriptions(this, dialect, madeByWatch);
			},
		},
	};
}
