/**
 * The trigger's subscription lifecycle (checkExists → create on activation, delete on deactivation).
 *
 * The API holds one event per subscription, so the node keeps one subscription per selected event.
 * Node static data remembers them per callback URL: `{ subscriptions: { [callbackUrl]: { [event]: id } } }`.
 * Keying by URL keeps test-mode ("listen for test event", /webhook-test/…) subscriptions apart from
 * the production ones, and lets a changed WEBHOOK_URL be noticed instead of silently kept.
 */
import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { EVENT_NAMES } from '../../SellerMarketplace/v1/helpers/options';
import { apiPath, apiRequest, apiRequestAllItems } from '../../SellerMarketplace/v1/transport';
import type { RetryPolicy } from '../../shared/transport/retry';

export type SubscriptionMap = Record<string, number>;

export interface TriggerStaticData extends IDataObject {
	/** callback URL → event name → id_subscription */
	subscriptions?: Record<string, SubscriptionMap>;
	/** Deliveries already taken: hashes with their expiry, in the stored form of shared/deliveryLog.ts. */
	seenDeliveries?: string;
	/** What earlier releases stored instead: the last `id_message` values; taken over, then dropped. */
	recentMessageIds?: string[];
}

interface RemoteSubscription {
	id_subscription: number;
	callback_url: string;
	fallback_email: string;
	event_name: string;
	is_active: boolean;
}

/** Lifecycle calls run while n8n activates or deactivates a workflow: retry a little, never for minutes. */
const LIFECYCLE_RETRY: Partial<RetryPolicy> = { maxRetries: 2, maxTotalWaitMs: 10_000 };

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function staticDataOf(context: { getWorkflowStaticData(type: string): IDataObject }): TriggerStaticData {
	return context.getWorkflowStaticData('node') as TriggerStaticData;
}

/** The subscriptions stored for one callback URL (a copy). */
export function storedFor(data: TriggerStaticData, callbackUrl: string): SubscriptionMap {
	return { ...(data.subscriptions?.[callbackUrl] ?? {}) };
}

/**
 * Replaces the subscriptions stored for one callback URL. Static data only notices changes to objects that
 * existed when the workflow was loaded, so the top-level key is always reassigned, never mutated in place.
 */
function store(data: TriggerStaticData, callbackUrl: string, map: SubscriptionMap): void {
	const all = { ...(data.subscriptions ?? {}) };
	if (Object.keys(map).length) all[callbackUrl] = map;
	else delete all[callbackUrl];
	if (Object.keys(all).length) data.subscriptions = all;
	else delete data.subscriptions;
}

/** The selected events (the `events` parameter), known names only, without repeats. */
export function parseEvents(raw: unknown): string[] {
	const events = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
	return events.filter((event) => (EVENT_NAMES as readonly string[]).includes(event));
}

function callbackUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

function requireEvents(context: IHookFunctions): string[] {
	const events = parseEvents(context.getNodeParameter('events', []));
	if (!events.length) {
		throw new NodeOperationError(context.getNode(), 'Select at least one event in "Events"');
	}
	return events;
}

function fallbackEmailOf(context: IHookFunctions): string {
	const email = String(context.getNodeParameter('fallbackEmail', '') ?? '').trim();
	if (!EMAIL.test(email)) {
		throw new NodeOperationError(context.getNode(), '"Fallback Email" must be an e-mail address', {
			description:
				'The marketplace requires it for every subscription: it writes there when it disables a subscription after about 12 hours of failed deliveries.',
		});
	}
	return email;
}

function httpCodeOf(error: unknown): number | undefined {
	const code = Number((error as { httpCode?: unknown }).httpCode);
	return Number.isFinite(code) && code > 0 ? code : undefined;
}

function isNotFound(error: unknown): boolean {
	return httpCodeOf(error) === 404;
}

/** Deletes one subscription; an already missing one counts as deleted. Returns false (and logs) on failure. */
async function deleteOne(context: IHookFunctions, id: number): Promise<boolean> {
	try {
		await apiRequest.call(context, { method: 'DELETE', path: apiPath`/subscriptions/${id}/`, retry: LIFECYCLE_RETRY });
		return true;
	} catch (error) {
		if (isNotFound(error)) return true;
		context.logger.warn(`Seller Marketplace Trigger: could not delete subscription ${id}: ${(error as Error).message}`, {
			node: context.getNode().name,
		});
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
 * Whether every selected event already has an active subscription for this webhook URL.
 * Reconciles static data with the marketplace on the way: stored ids that are gone are forgotten,
 * subscriptions for this URL that n8n lost track of are adopted (no duplicate after a restart or lost
 * static data), repeats for the same URL and event are removed (each would deliver every event again),
 * and selected events whose subscription was disabled are switched back on.
 */
export async function checkSubscriptions(this: IHookFunctions): Promise<boolean> {
	const callbackUrl = callbackUrlOf(this);
	const events = requireEvents(this);
	// Checked before any request, so a typo shows up at once rather than after subscribing half-way.
	const email = fallbackEmailOf(this);
	const data = staticDataOf(this);
	const known = storedFor(data, callbackUrl);

	const remote = (await apiRequestAllItems.call(
		this,
		{ path: '/subscriptions/seller/', idField: 'id_subscription' },
		{ returnAll: true },
	)) as unknown as RemoteSubscription[];

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
			this.logger.info(`Seller Marketplace Trigger: subscription ${id} (${event}) no longer exists for ${callbackUrl}; forgetting it`);
		}
	}
	store(data, callbackUrl, next);

	for (const repeat of repeats) {
		this.logger.warn(
			`Seller Marketplace Trigger: deleting subscription ${repeat.id_subscription}, a second one for "${repeat.event_name}" at ${callbackUrl}`,
		);
		await deleteOne(this, Number(repeat.id_subscription));
	}

	for (const event of events) {
		const subscription = chosen.get(event);
		if (!subscription || subscription.is_active) continue;
		// The marketplace disables a subscription after ~12 h of failed deliveries; PATCH with the full body re-enables it.
		try {
			await apiRequest.call(this, {
				method: 'PATCH',
				path: apiPath`/subscriptions/${subscription.id_subscription}/`,
				body: { callback_url: callbackUrl, fallback_email: email, event_name: event, is_active: true },
				retry: LIFECYCLE_RETRY,
			});
			this.logger.info(`Seller Marketplace Trigger: switched subscription ${subscription.id_subscription} (${event}) back on`);
		} catch (error) {
			throw subscribeError(this, error, event, callbackUrl, []);
		}
	}

	return events.every((event) => next[event] !== undefined);
}

/**
 * Subscribes every selected event that has no subscription for this URL yet. All or nothing: when one
 * fails, the subscriptions created in this call are deleted again before the error is raised.
 */
export async function createSubscriptions(this: IHookFunctions): Promise<boolean> {
	const callbackUrl = callbackUrlOf(this);
	const events = requireEvents(this);
	const email = fallbackEmailOf(this);
	const data = staticDataOf(this);
	const subscriptions = storedFor(data, callbackUrl);
	const createdNow: number[] = [];

	for (const event of events) {
		if (subscriptions[event] !== undefined) continue;
		try {
			const response = await apiRequest.call(this, {
				method: 'POST',
				path: '/subscriptions/',
				body: { callback_url: callbackUrl, fallback_email: email, event_name: event },
				retry: LIFECYCLE_RETRY,
			});
			const id = Number(response.createdId);
			if (!Number.isInteger(id) || id <= 0) {
				throw new NodeOperationError(this.getNode(), 'The marketplace did not return the address of the new subscription', {
					description: `Expected a Location header such as /subscriptions/123/, got ${JSON.stringify(response.location ?? null)}.`,
				});
			}
			subscriptions[event] = id;
			createdNow.push(id);
		} catch (error) {
			const leftBehind: number[] = [];
			for (const id of createdNow) if (!(await deleteOne(this, id))) leftBehind.push(id);
			const kept = Object.fromEntries(
				Object.entries(subscriptions).filter(([, id]) => !createdNow.includes(id) || leftBehind.includes(id)),
			);
			store(data, callbackUrl, kept);
			throw subscribeError(this, error, event, callbackUrl, leftBehind);
		}
	}
	store(data, callbackUrl, subscriptions);
	return true;
}

/**
 * Deletes exactly the subscriptions stored for this URL (created or adopted by this node); other URLs,
 * such as the production subscriptions while a test listener stops, are never touched.
 */
export async function deleteSubscriptions(this: IHookFunctions): Promise<boolean> {
	const callbackUrl = callbackUrlOf(this);
	const data = staticDataOf(this);
	const failed: SubscriptionMap = {};
	for (const [event, id] of Object.entries(storedFor(data, callbackUrl))) {
		if (!(await deleteOne(this, id))) failed[event] = id;
	}
	// What could not be deleted stays known, so the next activation adopts it instead of leaving it orphaned.
	store(data, callbackUrl, failed);
	return Object.keys(failed).length === 0;
}
