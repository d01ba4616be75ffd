/**
 * The trigger's node static data, owned here: nothing else reads or writes `getWorkflowStaticData`.
 *
 * Stored shape: `{ subscriptions: { [callbackUrl]: { [event]: id } }, seenDeliveries: '…' }`. Subscriptions
 * are kept per callback URL, so test-mode ("listen for test event", /webhook-test/…) subscriptions stay apart
 * from the production ones and a changed WEBHOOK_URL is noticed instead of silently kept.
 *
 * Static data only notices changes to objects that existed when the workflow was loaded, so top-level keys
 * are always reassigned, never mutated in place.
 */
import type { IDataObject } from 'n8n-workflow';

/** event name → id_subscription */
export type SubscriptionMap = Record<string, number>;

interface TriggerStaticData extends IDataObject {
	/** callback URL → event name → id_subscription */
	subscriptions?: Record<string, SubscriptionMap>;
	/** Deliveries already taken: hashes with their expiry, in the stored form of receiving/deliveryLog.ts. */
	seenDeliveries?: string;
	/** What earlier releases stored instead: the last `id_message` values; taken over, then dropped. */
	recentMessageIds?: string[];
	/** When the last event the marketplace pushed was received (Unix seconds): where a recovery after a restart starts. */
	lastDeliveryAt?: number;
	/** When the workflow was published, by the marketplace's clock (Unix seconds): nothing older is ever recovered. */
	publishedAt?: number;
}

type StaticDataContext = { getWorkflowStaticData(type: string): IDataObject };

function dataOf(context: StaticDataContext): TriggerStaticData {
	return context.getWorkflowStaticData('node') as TriggerStaticData;
}

/** The subscriptions stored for one callback URL (a copy). */
export function storedSubscriptions(context: StaticDataContext, callbackUrl: string): SubscriptionMap {
	return { ...(dataOf(context).subscriptions?.[callbackUrl] ?? {}) };
}

/** Replaces the subscriptions stored for one callback URL; an empty map forgets the URL. */
export function storeSubscriptions(context: StaticDataContext, callbackUrl: string, map: SubscriptionMap): void {
	const data = dataOf(context);
	const all = { ...(data.subscriptions ?? {}) };
	if (Object.keys(map).length) all[callbackUrl] = map;
	else delete all[callbackUrl];
	if (Object.keys(all).length) data.subscriptions = all;
	else delete data.subscriptions;
}

/** Every callback URL this node holds subscriptions for (production and test). */
export function subscribedCallbackUrls(context: StaticDataContext): string[] {
	return Object.keys(dataOf(context).subscriptions ?? {});
}

/** The deliveries taken so far: the stored log, and the `id_message` values earlier releases kept instead. */
export function storedDeliveries(context: StaticDataContext): { log: string; legacyMessageIds: string[] } {
	const data = dataOf(context);
	return {
		log: typeof data.seenDeliveries === 'string' ? data.seenDeliveries : '',
		legacyMessageIds: Array.isArray(data.recentMessageIds) ? data.recentMessageIds.map(String) : [],
	};
}

/** Writes the delivery log (the legacy ids are in it by now). */
export function storeDeliveries(context: StaticDataContext, log: string): void {
	const data = dataOf(context);
	data.seenDeliveries = log;
	delete data.recentMessageIds;
}

/** When the last event the marketplace pushed (not a recovered one) was received, if any was. */
export function lastDeliveryAt(context: StaticDataContext): number | undefined {
	const at = dataOf(context).lastDeliveryAt;
	return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/** Writes the delivery log and, for an event the marketplace pushed, when it was received. */
export function storeDelivery(context: StaticDataContext, log: string, pushedAt: number | undefined): void {
	storeDeliveries(context, log);
	if (pushedAt !== undefined) dataOf(context).lastDeliveryAt = pushedAt;
}

/**
 * Since when events are this trigger's (the marketplace's clock, seconds), kept through restarts; recorded by the
 * first activation after publishing.
 */
export function publishedAt(context: StaticDataContext): number | undefined {
	const at = dataOf(context).publishedAt;
	return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

export function storePublishedAt(context: StaticDataContext, at: number): void {
	dataOf(context).publishedAt = at;
}

/** Unpublished: the next publishing starts afresh. */
export function forgetPublished(context: StaticDataContext): void {
	const data = dataOf(context);
	delete data.publishedAt;
	delete data.lastDeliveryAt;
}
