/**
 * The subscription watch (issue 31): while the workflow is active, the trigger checks every few minutes that the
 * marketplace still delivers its events here, repairs what it finds (a subscription the marketplace switched off
 * after ~12 h of failed deliveries, one deleted, one for another storefront or e-mail), says so in n8n's log, and
 * then delivers the events it missed meanwhile, once each.
 *
 * Why a loop of this module: n8n gives a webhook trigger no timer. Its hook functions have no `registerCron` and no
 * `emit`, and a node that also declares `trigger` (which has both) is run as a trigger in manual executions
 * (n8n-core's executeTriggerNode calls it and waits for it to emit), which would stall every test event. n8n runs
 * `checkExists`/`create` on the instance that activates a workflow (the main, or the leader of several mains) when
 * it is published and after every restart, and `delete` when it is unpublished: the watch starts and stops there,
 * with the activation's hook context, which signs API requests with the node's credentials.
 *
 * Missed events are delivered the way the marketplace delivers them: a notification, signed with the seller's
 * Secret Key, POSTed to the trigger's own production URL, so the same receiving code verifies it, de-duplicates it
 * and starts the execution (in queue mode on a webhook processor). Its id_message is derived from the record, so
 * repeated recoveries are repeats; it carries `recovered: true`, and a creation recovered and pushed runs once
 * (receiving/receive.ts). Only creations can be recovered: a change notification names a record, not the state it
 * reached, so a recovered change could not be told from the push of the same change.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { computeSignature } from '../../api/core/signature';
import type { TriggerDialect } from '../dialect';

/** "Check Subscriptions Every (Minutes)" when the node has none saved, and its largest value (see RECOVERY_SPAN_SECONDS). */
export const DEFAULT_WATCH_MINUTES = 10;
export const MAX_WATCH_MINUTES = 30;

/**
 * How far before the last healthy check a repair reads: the marketplace retries an event for 12 h 46 min before it
 * switches the subscription off, so an event from that long before may never have arrived (5 minutes to spare). A
 * creation pushed within it is remembered by the receiver for at least 13 h 30 min (CREATION_MEMORY_SECONDS), longer
 * than this span and the longest interval between two checks together: recovering it again is a repeat.
 */
export const RECOVERY_SPAN_SECONDS = (12 * 60 + 46 + 5) * 60;

/** What the watch needs of the lifecycle: the settings it re-reads on every check. */
export interface WatchSettings {
	callbackUrl: string;
	events: string[];
	email: string;
}

interface Watch {
	context: IHookFunctions;
	dialect: Pick<TriggerDialect, 'subscriptions' | 'recovery' | 'signature'>;
	settings: WatchSettings;
	intervalMs: number;
	/** When the workflow was published: events from before are not this trigger's (seconds). */
	since: number;
	/** When a check last found every subscription delivering here (n8n's clock, seconds). */
	healthyAt?: number;
	/** Events to recover from this time on (seconds), once the trigger can receive them. */
	recoverFrom?: number;
	/** Set by stopWatch: the loop ends at its next wake-up (within WAKE_UP_MS). */
	stopped?: boolean;
	/**
	 * Subscriptions this watch made again (event → id). Its hook context's static data is never saved, so they are
	 * handed to `delete` by stopWatch, which removes them with the stored ones.
	 */
	created: Record<string, number>;
	running?: Promise<void>;
}

/**
 * The loop sleeps in steps of this long (n8n-workflow's `sleep`; a community node may not hold timers of its own):
 * a stopped watch ends within one step.
 */
const WAKE_UP_MS = 5_000;

/** The watches of this process, by workflow, node and callback URL. */
const watches = new Map<string, Watch>();

const nowSeconds = () => Math.floor(Date.now() / 1000);

function keyOf(context: IHookFunctions, callbackUrl: string): string {
	return [context.getWorkflow().id, context.getNode().id, callbackUrl].join('|');
}

function log(watch: Watch, level: 'info' | 'warn', message: string): void {
	watch.context.logger[level](`Seller Marketplace Trigger: ${message}`, {
		node: watch.context.getNode().name,
		workflowId: watch.context.getWorkflow().id,
	});
}

/**
 * Starts (or restarts) the watch of a published trigger. `recoverFrom` when activation itself had to repair a
 * subscription: the events since then are delivered on the first check, a few seconds later.
 */
export function startWatch(
	context: IHookFunctions,
	dialect: Watch['dialect'],
	settings: WatchSettings,
	options: { minutes: number; recoverFrom?: number; since: number },
): void {
	const key = keyOf(context, settings.callbackUrl);
	stopWatch(context, settings.callbackUrl);
	if (context.getMode() === 'manual' || !(options.minutes > 0)) return;
	const { recoverFrom } = options;
	const watch: Watch = {
		context,
		dialect,
		settings,
		intervalMs: Math.min(options.minutes, MAX_WATCH_MINUTES) * 60_000,
		since: options.since,
		created: {},
		healthyAt: recoverFrom === undefined ? nowSeconds() : undefined,
		recoverFrom,
	};
	if (recoverFrom !== undefined) {
		log(
			watch,
			'warn',
			`events missed since ${new Date(recoverFrom * 1000).toISOString()} are delivered in a few seconds, once the workflow is published`,
		);
	}
	watches.set(key, watch);
	// After a repair at activation, n8n is still publishing the workflow: its webhook takes calls a moment later.
	void run(watch, recoverFrom === undefined ? watch.intervalMs : WAKE_UP_MS);
}

/** Stops the watch of this trigger; returns the subscriptions it made again, which only it knows of (event → id). */
export function stopWatch(context: IHookFunctions, callbackUrl: string): Record<string, number> {
	const key = keyOf(context, callbackUrl);
	const watch = watches.get(key);
	if (watch) watch.stopped = true;
	watches.delete(key);
	return watch?.created ?? {};
}

/** Stops the watches of a workflow (or all) in this process, as a process that ends does. */
export function forgetWatches(workflowId?: string): void {
	for (const [key, watch] of watches) {
		if (workflowId !== undefined && watch.context.getWorkflow().id !== workflowId) continue;
		watch.stopped = true;
		watches.delete(key);
	}
}

async function run(watch: Watch, firstDelayMs: number): Promise<void> {
	let due = Date.now() + firstDelayMs;
	while (!watch.stopped) {
		const wait = due - Date.now();
		if (wait > 0) {
			await sleep(Math.min(WAKE_UP_MS, wait));
			continue;
		}
		await check(watch);
		due = Date.now() + watch.intervalMs;
	}
}

/** Runs every watch of this process now (what their loops do when due), for tests and a check on demand. */
export async function checkAllWatches(): Promise<void> {
	for (const watch of [...watches.values()]) await check(watch);
}

async function check(watch: Watch): Promise<void> {
	if (watch.running) return await watch.running;
	watch.running = (async () => {
		try {
			await checkOnce(watch);
		} catch (error) {
			log(watch, 'warn', `the subscription check failed and is tried again later: ${(error as Error).message}`);
		} finally {
			watch.running = undefined;
		}
	})();
	return await watch.running;
}

async function checkOnce(watch: Watch): Promise<void> {
	const { context, dialect, settings } = watch;
	const { subscriptions: api } = dialect;
	const { callbackUrl, events, email } = settings;
	const checkedAt = nowSeconds();
	const remote = (await api.list(context)).filter((subscription) => subscription.callback_url === callbackUrl);
	const repairs: string[] = [];
	for (const event of events) {
		const mine = remote.filter((subscription) => subscription.event_name === event);
		const subscription = mine.find((candidate) => candidate.is_active) ?? mine[0];
		if (!subscription) {
			const id = await api.create(context, { callbackUrl, event, email });
			watch.created[event] = id;
			repairs.push(
				`"${event}" had no subscription for ${callbackUrl} (deleted, or moved to another address): subscribed again (${id})`,
			);
			continue;
		}
		const changes = await api.repairOf(context, subscription, { callbackUrl, event, email });
		if (!changes) continue;
		await api.repair(context, Number(subscription.id_subscription), changes);
		const what =
			changes.is_active === true
				? 'was switched off (the marketplace does so after about 12 hours of failed deliveries)'
				: 'was for another storefront or e-mail';
		repairs.push(
			`subscription ${subscription.id_subscription} ("${event}") ${what}: repaired (${Object.keys(changes).join(', ')})`,
		);
	}
	if (repairs.length) {
		const from = Math.max(watch.since, (watch.healthyAt ?? checkedAt) - RECOVERY_SPAN_SECONDS);
		watch.recoverFrom = Math.min(watch.recoverFrom ?? from, from);
		log(
			watch,
			'warn',
			`${repairs.join('; ')}. Events missed since ${new Date(watch.recoverFrom * 1000).toISOString()} are delivered now.`,
		);
	}
	if (watch.recoverFrom !== undefined) {
		await recover(watch, watch.recoverFrom);
		watch.recoverFrom = undefined;
	}
	watch.healthyAt = checkedAt;
}

/** Reads the creations since `from` of every selected event that can be recovered, and delivers each once. */
async function recover(watch: Watch, from: number): Promise<void> {
	const { context, dialect, settings } = watch;
	const recoverable = (dialect.recovery ?? []).filter((entry) => settings.events.includes(entry.event));
	const lost = settings.events.filter((event) => !recoverable.some((entry) => entry.event === event));
	if (lost.length) {
		log(
			watch,
			'warn',
			`events of ${lost.join(', ')} during that time cannot be recovered (a change notification names no state to read); the Seller Marketplace Poll Trigger follows changes without gaps`,
		);
	}
	const credentials = await context.getCredentials<{ secretKey?: string }>(dialect.signature.credentialType);
	const secretKey = String(credentials.secretKey ?? '').trim();
	let delivered = 0;
	const refused: string[] = [];
	for (const entry of recoverable) {
		const records = await entry.read(context, from);
		for (const record of records) {
			const notification = await entry.notificationOf(context, record);
			if (!notification) continue;
			const status = await deliver(watch, secretKey, { ...notification, event_name: entry.event, recovered: true });
			// Refused as malformed by the trigger itself (a record it cannot name, such as an id with a "/"), as the
			// marketplace's notification of it would be: trying again would not help, and must not hold up the others.
			if (status !== undefined) refused.push(`${String(notification.resource)} (${status})`);
			else delivered++;
		}
	}
	if (refused.length) {
		log(
			watch,
			'warn',
			`the trigger refused ${refused.length} recovered notifications: ${refused.slice(0, 20).join(', ')}`,
		);
	}
	log(
		watch,
		'info',
		`recovery read ${recoverable.map((entry) => entry.event).join(', ') || 'nothing'}: ${delivered} notifications delivered to the trigger (each runs once)`,
	);
}

/** The id_message of a recovered creation: the same for every recovery of it, never one the marketplace sends. */
export function recoveredMessageId(event: string, resource: string): string {
	return `recovered-${createHash('sha256').update(`${event}|${resource}`).digest('hex').slice(0, 32)}`;
}

/**
 * POSTs one notification, signed as the marketplace signs them, to the trigger's production URL. Returns the status
 * when the trigger refused it as malformed (400); any other failure is thrown, and the next check tries again.
 */
async function deliver(watch: Watch, secretKey: string, notification: IDataObject): Promise<number | undefined> {
	const { context, dialect, settings } = watch;
	const body = JSON.stringify({
		...notification,
		id_message: recoveredMessageId(String(notification.event_name), String(notification.resource)),
	});
	const timestamp = String(nowSeconds());
	const response = (await context.helpers.httpRequest({
		method: 'POST',
		url: settings.callbackUrl,
		body,
		json: false,
		headers: {
			'Content-Type': 'application/json',
			[dialect.signature.timestampHeader]: timestamp,
			[dialect.signature.signatureHeader]: computeSignature(secretKey, 'POST', settings.callbackUrl, body, timestamp),
		},
		timeout: 30_000,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as { statusCode?: number };
	const status = Number(response.statusCode);
	if (status >= 200 && status < 300) return undefined;
	// 400 is the trigger's own answer to a notification it cannot read; 404 (not published yet), 401 (another secret),
	// 503 (its log full) and the like pass, and the next check delivers again.
	if (status === 400) return status;
	throw new Error(`the trigger's webhook answered ${Number.isFinite(status) ? status : 'nothing'}`);
}
