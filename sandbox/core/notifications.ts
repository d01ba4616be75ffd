/**
 * Push notifications: callback verification, signed event delivery, retries, disabling.
 *
 * Each API version registers the format its subscriptions are notified in (body, signed headers, what counts as
 * delivered): sandbox/v1/events.ts, sandbox/v2/events.ts; a subscription is notified in the format of the API
 * that made it (`_api`).
 */
import { randomBytes, randomUUID } from 'crypto';
import { signature } from './auth';
import { formatTimestamp, SandboxClock, Scheduler } from './clock';
import { httpCall } from './http-client';
import type { Store } from './store';
import type { Mail, NotificationDelivery, Subscription } from './types';

const MINUTE = 60_000;
export const RETRY_PERIOD_MS = 12 * 60 * MINUTE;

/**
 * Offsets (ms after the first attempt) of the retries. The spec: the first retry after 1 minute, later
 * intervals of 15, 30 or 60 minutes, for about 12 hours, and the subscription is disabled after more than
 * 12 hours of failure. So every gap is one of those: 1, 15, 30, then 60 minutes, up to the first retry past
 * 12 hours (+12 h 46 min, the 15th retry). If that fails too the subscription is disabled.
 */
export const RETRY_OFFSETS_MS: readonly number[] = (() => {
	const intervals = [1, 15, 30];
	const offsets: number[] = [];
	for (let i = 0, at = 0; at <= RETRY_PERIOD_MS; i++) {
		at += (intervals[i] ?? 60) * MINUTE;
		offsets.push(at);
	}
	return offsets;
})();

/** An event as fired by a route or the control API. */
export interface SandboxEvent {
	eventName: string;
	/** the changed resource, as the v1 API names it (e.g. '/order-units/1000001/') */
	resource: string;
	/** explicit payload text (control API); absent: the API's default */
	payload?: string;
	/** explicit API v2 storefront (control API); absent: the storefront of the resource */
	storefront?: string;
}

/** How one API version notifies its subscriptions. */
export interface NotificationFormat {
	/** the body and resource for this subscription, or undefined when the event is not for it (another storefront) */
	render(
		event: SandboxEvent,
		subscription: Subscription,
		idMessage: string,
	): { body: string; resource: string } | undefined;
	headers(callbackUrl: string, body: string, timestamp: string): Record<string, string>;
	timeoutMs: number;
	/** answer statuses that count as delivered, and how a refusal names them ('200', 'a 2xx') */
	accepts(status: number): boolean;
	expected: string;
	/** the path that re-enables a subscription, for the mail sent when it is disabled */
	subscriptionPath(id: number): string;
}

/** A version's names for the headers of a signed JSON notification. */
export interface SignedHeaderNames {
	userAgent: string;
	timestamp: string;
	signature: string;
}

/** The headers of a JSON notification signed like a request: HMAC of "POST\n<callback_url>\n<body>\n<timestamp>". */
export function signedNotificationHeaders(
	names: SignedHeaderNames,
	secretKey: string,
	callbackUrl: string,
	body: string,
	timestamp: string,
): Record<string, string> {
	return {
		'Content-Type': 'application/json',
		'User-Agent': names.userAgent,
		[names.timestamp]: timestamp,
		[names.signature]: signature(secretKey, 'POST', callbackUrl, body, timestamp),
	};
}

/** The API that made a subscription: `_api` on the record, API v1 when absent (the records API v1 made first). */
export type SubscriptionApi = NonNullable<Subscription['_api']> | 'v1';

interface EventJob {
	id_subscription: number;
	body: string;
	event_name: string;
	resource: string;
	id_message: string;
	firstDue: number;
	/** index into the attempts: 0 = first delivery, 1 = first retry ... */
	attemptIndex: number;
}

export interface NotifierDeps {
	store: Store;
	clock: SandboxClock;
	scheduler: Scheduler;
	callbackTimeoutMs: number;
	log: (line: string) => void;
}

export type VerificationResult = { ok: true } | { ok: false; reason: string };

export class Notifier {
	deliveries: NotificationDelivery[] = [];
	outbox: Mail[] = [];
	private readonly formats = new Map<SubscriptionApi, NotificationFormat>();
	private seq = 0;

	constructor(private readonly deps: NotifierDeps) {}

	/** Subscriptions made through `api` are notified in `format`; without one they get no events. */
	register(api: SubscriptionApi, format: NotificationFormat): void {
		this.formats.set(api, format);
	}

	private formatOf(subscription: Subscription): NotificationFormat | undefined {
		return this.formats.get(subscription._api ?? 'v1');
	}

	reset(): void {
		this.deliveries = [];
		this.outbox = [];
	}

	/** GET <callback_url>?mode=subscribe&challenge=...; passes only on 200 with exactly the challenge as body. */
	async verify(callbackUrl: string, idSubscription: number | null): Promise<VerificationResult> {
		const challenge = randomBytes(16).toString('hex');
		const url = `${callbackUrl}${callbackUrl.includes('?') ? '&' : '?'}mode=subscribe&challenge=${challenge}`;
		const now = this.deps.clock.now();
		const result = await httpCall(url, { method: 'GET', timeoutMs: this.deps.callbackTimeoutMs, maxBytes: 65536 });
		let reason: string | undefined;
		if (result.error) reason = `callback did not answer: ${result.error}`;
		else if (result.status !== 200) reason = `callback answered HTTP ${result.status}, expected 200`;
		else if (result.body !== challenge) {
			reason = `callback must answer with exactly the challenge '${challenge}', got ${JSON.stringify(result.body.slice(0, 200))}`;
		}
		this.record({
			kind: 'verification',
			id_subscription: idSubscription,
			url,
			attempt: 1,
			scheduledAtMs: now,
			requestHeaders: {},
			requestBody: '',
			status: result.status,
			responseBody: result.body,
			error: reason,
			ok: reason === undefined,
		});
		return reason === undefined ? { ok: true } : { ok: false, reason };
	}

	/** Queues the event for every active subscription to it; returns how many were queued. */
	emit(eventName: string, resource: string, payload?: string, options: { storefront?: string } = {}): number {
		const event: SandboxEvent = { eventName, resource, payload, storefront: options.storefront };
		const subscriptions = this.deps.store.db.subscriptions.filter((s) => s.is_active && s.event_name === eventName);
		const now = this.deps.clock.now();
		let queued = 0;
		for (const subscription of subscriptions) {
			const id_message = randomUUID();
			const rendered = this.formatOf(subscription)?.render(event, subscription, id_message);
			if (rendered === undefined) continue;
			queued++;
			const job: EventJob = {
				id_subscription: subscription.id_subscription,
				body: rendered.body,
				event_name: eventName,
				resource: rendered.resource,
				id_message,
				firstDue: now,
				attemptIndex: 0,
			};
			this.deps.scheduler.at(now, `notify ${eventName} → #${subscription.id_subscription}`, () => this.attempt(job));
		}
		return queued;
	}

	private async attempt(job: EventJob): Promise<void> {
		const subscription = this.deps.store.find('subscriptions', job.id_subscription);
		// deleted or deactivated meanwhile: the event is lost
		if (!subscription || !subscription.is_active) return;
		const scheduledAtMs = job.firstDue + (job.attemptIndex === 0 ? 0 : RETRY_OFFSETS_MS[job.attemptIndex - 1]);
		const timestamp = String(Math.floor(Date.now() / 1000));
		const format = this.formatOf(subscription);
		if (!format) return;
		const headers = format.headers(subscription.callback_url, job.body, timestamp);
		const result = await httpCall(subscription.callback_url, {
			method: 'POST',
			headers,
			body: job.body,
			timeoutMs: format.timeoutMs,
			maxBytes: 1 << 20,
		});
		const accepted = format.accepts(result.status ?? 0);
		const ok = !result.error && accepted;
		this.record({
			kind: 'event',
			id_subscription: subscription.id_subscription,
			url: subscription.callback_url,
			event_name: job.event_name,
			resource: job.resource,
			id_message: job.id_message,
			attempt: job.attemptIndex + 1,
			scheduledAtMs,
			requestHeaders: headers,
			requestBody: job.body,
			status: result.status,
			responseBody: result.body,
			error: ok ? undefined : (result.error ?? `callback answered HTTP ${result.status}, expected ${format.expected}`),
			ok,
		});
		if (ok) return;
		if (job.attemptIndex >= RETRY_OFFSETS_MS.length) {
			this.disable(subscription, job, format);
			return;
		}
		job.attemptIndex++;
		this.deps.scheduler.at(job.firstDue + RETRY_OFFSETS_MS[job.attemptIndex - 1], `retry ${job.id_message}`, () =>
			this.attempt(job),
		);
	}

	private disable(subscription: Subscription, job: EventJob, format: NotificationFormat): void {
		if (!subscription.is_active) return;
		subscription.is_active = false;
		const mail: Mail = {
			to: subscription.fallback_email,
			subject: `Push notifications disabled: subscription ${subscription.id_subscription} (${subscription.event_name})`,
			body:
				`Your callback ${subscription.callback_url} has not accepted notifications for more than 12 hours ` +
				`(last event ${job.event_name} ${job.resource}, id_message ${job.id_message}). The subscription was disabled; ` +
				`events from now on are lost until you re-enable it with PATCH ${format.subscriptionPath(subscription.id_subscription)}.`,
			time: this.deps.clock.timestamp(),
			id_subscription: subscription.id_subscription,
		};
		this.outbox.push(mail);
		this.deps.log(`subscription ${subscription.id_subscription} disabled; mail to ${mail.to}`);
	}

	private record(entry: Omit<NotificationDelivery, 'seq' | 'scheduledAt' | 'attemptedAtMs'>): void {
		this.deliveries.push({
			seq: ++this.seq,
			...entry,
			scheduledAt: formatTimestamp(entry.scheduledAtMs),
			attemptedAtMs: this.deps.clock.now(),
		});
	}
}
