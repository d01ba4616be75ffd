/**
 * Push-notification subscriptions.
 *
 *  - POST (storefront required) first sends `GET <callback_url>?mode=subscribe&challenge=<32 hex>`; only a 200 whose
 *    body is exactly the challenge passes. Otherwise nothing is stored and the answer is 400
 *    /problems/subscriptions/unverified-callback-url naming callback_url. Success: 201 with the subscription.
 *  - PATCH verifies again when callback_url changes or a disabled subscription is switched back on (and stays on);
 *    a failed verification changes nothing. 200 with the subscription.
 *  - `callback_url`: absolute http(s) URL of at most 255 characters; `fallback_email`: an e-mail address;
 *    a second subscription for the same callback_url, event and storefront is refused (/problems/already-exists).
 *  - Subscriptions made through v1 show with storefront null (they receive every storefront's events).
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { Subscription } from '../../core/types';
import { equals, page, where } from '../collection';
import { created, found, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { ErrorDetail, invalid, invalidField, Problem } from '../problems';
import { subscriptionView } from '../views';

interface SubscriptionFields {
	callback_url?: string;
	fallback_email?: string;
	event_name?: string;
	is_active?: boolean;
	storefront?: string | null;
}

const MAX_URL_LENGTH = 255;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function checkFields(ctx: V2Context, fields: SubscriptionFields): void {
	const errors: ErrorDetail[] = [];
	if (fields.callback_url !== undefined) {
		const message = callbackUrlProblem(fields.callback_url);
		if (message) errors.push({ field: 'callback_url', message });
	}
	if (fields.fallback_email !== undefined && !EMAIL.test(fields.fallback_email)) {
		errors.push({ field: 'fallback_email', message: `must be an e-mail address, got '${fields.fallback_email}'` });
	}
	if (typeof fields.storefront === 'string' && !ctx.storefronts.includes(fields.storefront)) {
		const message = `'${fields.storefront}' is not a storefront set up for this seller (set up: ${ctx.storefronts.join(', ')})`;
		throw new Problem(400, '/problems/storefront-not-configured', message, [{ field: 'storefront', message }]);
	}
	if (errors.length > 0) throw invalid(errors);
}

function callbackUrlProblem(text: string): string | undefined {
	if (text.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters long, got ${text.length}`;
	try {
		const url = new URL(text);
		return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'must use http or https';
	} catch {
		return `must be an absolute http(s) URL, got '${text}'`;
	}
}

async function verified(core: SandboxCore, url: string, idSubscription: number | null): Promise<void> {
	const result = await core.notifier.verify(url, idSubscription);
	if (!result.ok) {
		const message = `Callback verification failed for ${url}: ${result.reason}`;
		throw new Problem(400, '/problems/subscriptions/unverified-callback-url', message, [
			{ field: 'callback_url', message },
		]);
	}
}

function refuseDuplicate(
	core: SandboxCore,
	wanted: Pick<Subscription, 'callback_url' | 'event_name' | '_storefront'>,
	self?: Subscription,
): void {
	const twin = core.store.db.subscriptions.find(
		(s) =>
			s !== self &&
			s.callback_url === wanted.callback_url &&
			s.event_name === wanted.event_name &&
			(s._storefront ?? null) === (wanted._storefront ?? null),
	);
	if (twin) {
		const message = `Subscription ${twin.id_subscription} already sends ${twin.event_name} to this callback_url for this storefront`;
		throw new Problem(400, '/problems/already-exists', message, [{ field: 'callback_url', message }]);
	}
}

function subscriptionOf(ctx: V2Context): Subscription {
	const id = param(ctx, 'id_subscription');
	return found(ctx.core.store.find('subscriptions', id), `Subscription ${id}`);
}

export const operations: V2Operations = {
	GetSubscriptions: (ctx) => {
		const rows = where(
			ctx.core.store.db.subscriptions,
			equals(text(ctx, 'storefront'), (s: Subscription) => s._storefront ?? null),
			equals(text(ctx, 'event_name'), (s: Subscription) => s.event_name),
		);
		return page(ctx, rows, subscriptionView);
	},

	AddSubscription: async (ctx) => {
		const body = ctx.body as Required<Pick<SubscriptionFields, 'callback_url' | 'fallback_email' | 'event_name'>>;
		checkFields(ctx, body);
		const storefront = text(ctx, 'storefront')!;
		refuseDuplicate(ctx.core, { ...body, _storefront: storefront });
		// nothing is stored unless the callback echoes the challenge
		await verified(ctx.core, body.callback_url, null);
		const subscription: Subscription = {
			id_subscription: ctx.core.store.nextId('subscriptions'),
			...body,
			is_active: true,
			_api: 'v2',
			_storefront: storefront,
		};
		ctx.core.store.insert('subscriptions', subscription);
		return created(subscriptionView(subscription));
	},

	GetSubscription: (ctx) => ok(subscriptionView(subscriptionOf(ctx))),

	UpdateSubscription: async (ctx) => {
		const subscription = subscriptionOf(ctx);
		const body = ctx.body as SubscriptionFields;
		if (Object.keys(body).length === 0) throw invalidField('body', 'names no field to change');
		checkFields(ctx, body);
		const next = {
			callback_url: body.callback_url ?? subscription.callback_url,
			fallback_email: body.fallback_email ?? subscription.fallback_email,
			event_name: body.event_name ?? subscription.event_name,
			is_active: body.is_active ?? subscription.is_active,
			_storefront: body.storefront === undefined ? (subscription._storefront ?? null) : body.storefront,
		};
		refuseDuplicate(ctx.core, next, subscription);
		const switchedOn = next.is_active && !subscription.is_active;
		if (next.is_active && (switchedOn || next.callback_url !== subscription.callback_url)) {
			await verified(ctx.core, next.callback_url, subscription.id_subscription);
		}
		Object.assign(subscription, next);
		return ok(subscriptionView(subscription));
	},

	DeleteSubscription: (ctx) => {
		ctx.core.store.remove('subscriptions', subscriptionOf(ctx));
		return noContent();
	},
};
