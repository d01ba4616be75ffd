/** Push-notification subscriptions. Creating or modifying one verifies the callback first (events rule 2). */
import type { SandboxCore } from '../../core/sandbox-core';
import { EVENT_NAMES } from '../../core/enums';
import { badRequest, unprocessable } from '../../core/errors';
import { filters, listReply } from '../pagination';
import { created, intParam, noContent, noQuery, ok, route, Route, RouteContext, useAlias } from '../router';
import { publicView } from '../../core/store';
import type { Subscription } from '../../core/types';
import { boolean, Check, httpUrl, oneOf, optional, parseBody, string } from '../../core/validate';

const callbackUrl: Check<string> = (value, field) => {
	httpUrl(value, field);
	return value as string;
};

const email: Check<string> = (value, field) => {
	const text = string(value, field);
	if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) throw badRequest(`${field} must be an e-mail address, got '${text}'`);
	return text;
};

const eventName = oneOf(EVENT_NAMES, 'event name');

/** Sends the verification request; refuses the request when it fails and `mustPass`. */
async function verifyOrRefuse(
	core: SandboxCore,
	url: string,
	idSubscription: number | null,
	mustPass = true,
): Promise<void> {
	const result = await core.notifier.verify(url, idSubscription);
	if (mustPass && !result.ok) throw unprocessable(`Callback verification failed for ${url}: ${result.reason}`);
}

async function create(ctx: RouteContext) {
	const body = parseBody(ctx.body(), { callback_url: callbackUrl, fallback_email: email, event_name: eventName });
	// nothing is stored unless the callback echoes the challenge
	await verifyOrRefuse(ctx.core, body.callback_url, null);
	const subscription: Subscription = {
		id_subscription: ctx.core.store.nextId('subscriptions'),
		callback_url: body.callback_url,
		fallback_email: body.fallback_email,
		event_name: body.event_name,
		is_active: true,
	};
	ctx.core.store.insert('subscriptions', subscription);
	return created(`/subscriptions/${subscription.id_subscription}/`);
}

const FULL_BODY = ['callback_url', 'fallback_email', 'event_name', 'is_active'] as const;

/**
 * The spec's PATCH body is the whole subscription (the three fields of creation and is_active); a partial
 * body is the SDK's alias. Every modification sends the verification request (events rule 2); only a
 * subscription that ends up active needs it to pass (the states table), so switching off always works.
 */
async function update(ctx: RouteContext) {
	const subscription = ctx.core.store.get('subscriptions', intParam(ctx), 'Subscription');
	const body = parseBody(ctx.body(), {
		callback_url: optional(callbackUrl),
		fallback_email: optional(email),
		event_name: optional(eventName),
		is_active: optional(boolean),
	});
	const missing = FULL_BODY.filter((field) => body[field] === undefined);
	if (missing.length > 0) {
		useAlias(
			ctx,
			`partial subscription body (without ${missing.join(', ')})`,
			`PATCH /subscriptions/{id}/ needs the whole body: ${FULL_BODY.join(', ')}; ${missing.join(', ')} missing`,
		);
	}
	const next = {
		callback_url: body.callback_url ?? subscription.callback_url,
		fallback_email: body.fallback_email ?? subscription.fallback_email,
		event_name: body.event_name ?? subscription.event_name,
		is_active: body.is_active ?? subscription.is_active,
	};
	await verifyOrRefuse(ctx.core, next.callback_url, subscription.id_subscription, next.is_active);
	Object.assign(subscription, next);
	return noContent();
}

export const subscriptionRoutes: Route[] = [
	route('POST', '/subscriptions/', create),
	route('GET', '/subscriptions/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.subscriptions,
			{ filters: { event_name: filters.oneOf((s: Subscription) => s.event_name) } },
			publicView,
		),
	),
	route('GET', '/subscriptions/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('subscriptions', intParam(ctx), 'Subscription')));
	}),
	route('PATCH', '/subscriptions/{id}/', update),
	route('DELETE', '/subscriptions/{id}/', (ctx) => {
		const subscription = ctx.core.store.get('subscriptions', intParam(ctx), 'Subscription');
		ctx.core.store.remove('subscriptions', subscription);
		return noContent();
	}),
];
