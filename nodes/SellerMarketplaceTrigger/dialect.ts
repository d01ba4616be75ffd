/**
 * What one API version declares for the push trigger: only what differs between versions. Receiving
 * (receiving/receive.ts: verify, de-duplicate, emit) and subscribing (subscribing/lifecycle.ts: checkExists,
 * create, delete) are written once and take a dialect; v1/dialect.ts and v2/dialect.ts are the two.
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { ReadBackRule } from './receiving/readBack';
import type { IdForm, ResourceRef } from './receiving/resourcePath';
import type { VerifyEventsBy } from './receiving/verifyEvent';

export interface TriggerDialect {
	/** What a notification's signature is checked with. */
	signature: SignatureInputs;
	/** "Verify Events By" when the node has none saved: what the version's documentation supports. */
	defaultVerifyEventsBy: VerifyEventsBy;
	/** The event names the trigger may be set to (and subscribes). */
	events: readonly string[];
	/** How reading the resource a notification names confirms it (read-back) or adds it to the item (Fetch Resource). */
	confirm: Confirming;
	/** Fields the version's notifications carry beyond the four every version has; none in API v1. */
	scope?: Scope;
	/** The subscription requests. */
	subscriptions: SubscriptionApi;
	/** The creation events the subscription watch can read back after a gap (subscribing/watch.ts); none in API v1. */
	recovery?: RecoverableEvent[];
}

/** A creation event whose records a list of the API gives by creation time, so that missed ones can be read back. */
export interface RecoverableEvent {
	event: string;
	/** The records created at or after `fromSeconds` (the API's clock), oldest first. */
	read(context: IHookFunctions, fromSeconds: number): Promise<IDataObject[]>;
	/** When the newest record was created (the API's clock), if there is one: what exists when the trigger is published. */
	newest(context: IHookFunctions): Promise<number | undefined>;
	/** The notification the marketplace sends for the record (without its id_message), or undefined when it sends none. */
	notificationOf(context: IHookFunctions, record: IDataObject): Promise<IDataObject | undefined>;
}

export interface SignatureInputs {
	/** The credentials holding the Secret Key the signature is keyed with. */
	credentialType: string;
	/** Header names as the API writes them (e.g. `Shop-Timestamp`); read case-insensitively. */
	timestampHeader: string;
	signatureHeader: string;
}

/** How long reading a resource may take: the default, and the most the marketplace's answer deadline leaves room for. */
export interface FetchBudget {
	defaultSeconds: number;
	maxSeconds: number;
	/** How long the marketplace waits for an answer to a notification. */
	answerDeadlineSeconds: number;
}

/** A notification as received: the four fields every version has, and the version's own. */
export interface Notification {
	event_name: string;
	resource: string;
	id_message: string;
	payload: unknown;
	/** What else the version's body carries and the item shows (e.g. API v2's storefront). */
	extra: IDataObject;
	/**
	 * Sent by the trigger's own subscription watch for a creation it read back after a gap (subscribing/watch.ts);
	 * trusted only when signed.
	 */
	recovered: boolean;
}

/** The retry policy of one read, as the transport takes it. */
export interface ReadRetry {
	maxRetries: number;
	baseDelayMs: number;
	maxDelayMs: number;
	maxTotalWaitMs: number;
}

export interface Confirming {
	fetchBudget: FetchBudget;
	/** Collections a notification may name, and the form of their ids. */
	resourceForms: Readonly<Record<string, IdForm>>;
	/** The resource in the `/<collection>/<id>/` form, when the version also names it otherwise (API v2's Buy Box). */
	resourcePathOf?(notification: Notification): string;
	/** How reading the resource confirms this notification's event. */
	ruleOf(notification: Notification): ReadBackRule;
	/** The API path (and query) the resource is read at, and named by in messages. */
	readPathOf(ref: ResourceRef, notification: Notification): string;
	/** One GET of the API, returning the record; `timeoutMs` per attempt. */
	read(context: IWebhookFunctions, path: string, timeoutMs: number, retry: ReadRetry): Promise<unknown>;
}

export interface Scope {
	/** The version's own body fields: their values, or why they are malformed. */
	parse(body: IDataObject): IDataObject | string;
	/** Why a well-formed notification is none of this trigger's business (answered 200), if it is not. */
	notForThisTrigger(context: IWebhookFunctions, notification: Notification): Promise<string | undefined>;
}

export interface RemoteSubscription {
	id_subscription: number;
	callback_url: string;
	fallback_email: string;
	event_name: string;
	is_active: boolean;
	/** API v2: the storefront it is for (null: every storefront). */
	storefront?: string | null;
}

/** What a subscription should be: this webhook, the event, the fallback e-mail. */
export interface WantedSubscription {
	callbackUrl: string;
	event: string;
	email: string;
}

/** The subscription requests of one API version. Each throws the transport's error on failure. */
export interface SubscriptionApi {
	/** Every subscription of the seller. */
	list(context: IHookFunctions): Promise<RemoteSubscription[]>;
	/** Creates one (the marketplace verifies the callback first) and returns its id. */
	create(context: IHookFunctions, wanted: WantedSubscription): Promise<number>;
	remove(context: IHookFunctions, id: number): Promise<void>;
	/** What to change so that an existing subscription delivers as wanted (active included), or undefined when it does. */
	repairOf(
		context: IHookFunctions,
		existing: RemoteSubscription,
		wanted: WantedSubscription,
	): Promise<IDataObject | undefined>;
	repair(context: IHookFunctions, id: number, changes: IDataObject): Promise<void>;
}
