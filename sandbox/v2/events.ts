/**
 * Push notifications to subscriptions made through API v2. The core's Notifier queues, retries and
 * disables; this decides who gets an event and what is sent:
 *
 *   POST <callback_url>
 *   Content-Type: application/json
 *   Shop-Timestamp: <Unix seconds, real time, new on every attempt>
 *   Shop-Signature: hex HMAC-SHA256(secret key, "POST\n" + callback_url + "\n" + body + "\n" + Shop-Timestamp)
 *   {"event_name", "id_message", "resource", "storefront", "payload"}
 *
 * `resource` is the API path relative to /v2 with a trailing slash, as in the documentation's examples
 * (`/order-units/1000001/`; products: `/products/{id}/`). `storefront` is the resource's storefront (orders,
 * order units, units, returns) or, for catalogue events, the subscription's. A subscription with a storefront
 * only gets that storefront's events. `payload` is the unit (v2 `Unit` shape) for item_unit_* events and `[]`
 * otherwise, unless the control API gives one.
 */
import type { SandboxCore } from '../core/sandbox-core';
import { signedNotificationHeaders, type NotificationFormat, type SandboxEvent } from '../core/notifications';
import type { Subscription } from '../core/types';
import { storefrontOf } from '../model/storefronts';
import { unitView } from './views';

/** Event names only API v2 knows (v1's 14 plus these make the OpenAPI's SubscriptionEventName). */
export const V2_ONLY_EVENT_NAMES = ['item_unit_live', 'item_unit_not_live', 'buy_box_changed'] as const;

const HEADERS = { userAgent: 'SellerMarketplaceSandbox/2.0', timestamp: 'Shop-Timestamp', signature: 'Shop-Signature' };

/** Answers that count as delivered. */
const DELIVERED = [200, 201, 202, 204];

interface Target {
	resource: string;
	storefront?: string;
	payload?: unknown;
}

/** A resource path in either API's form → its v2 form, storefront and default payload. */
export function describeResource(core: SandboxCore, eventName: string, resource: string): Target {
	const [, collection = '', id = ''] = /^\/([^/?]+)\/([^/?]+)\/?$/.exec(resource) ?? [];
	const { store } = core;
	switch (collection) {
		case 'orders': {
			const order = store.find('orders', id);
			return { resource: `/orders/${id}/`, storefront: order && storefrontOf(order) };
		}
		case 'order-units': {
			const unit = store.find('orderUnits', id);
			return { resource: `/order-units/${id}/`, storefront: unit && storefrontOf(unit) };
		}
		case 'units': {
			const unit = store.find('units', id);
			const payload = unit && eventName.startsWith('item_unit_') ? unitView(core, unit) : undefined;
			return { resource: `/units/${id}/`, storefront: unit && storefrontOf(unit), payload };
		}
		case 'returns': {
			const firstUnit = store.db.returnUnits.find((r) => String(r.id_return) === id);
			const orderUnit = firstUnit && store.find('orderUnits', firstUnit.id_order_unit);
			return { resource: `/returns/${id}/`, storefront: orderUnit && storefrontOf(orderUnit) };
		}
		case 'return-units': {
			const returnUnit = store.find('returnUnits', id);
			const orderUnit = returnUnit && store.find('orderUnits', returnUnit.id_order_unit);
			return { resource: `/return-units/${id}/`, storefront: orderUnit && storefrontOf(orderUnit) };
		}
		case 'items':
		case 'products':
			return { resource: `/products/${id}/` };
		default:
			return { resource: resource.endsWith('/') ? resource : `${resource}/` };
	}
}

/** Payload text given through the control API: JSON when it parses, else the text itself. */
function explicitPayload(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export function v2NotificationFormat(core: SandboxCore, timeoutMs: number): NotificationFormat {
	return {
		render(event: SandboxEvent, subscription: Subscription, idMessage: string) {
			const target = describeResource(core, event.eventName, event.resource);
			const storefront = event.storefront ?? target.storefront ?? subscription._storefront ?? 'de';
			if (subscription._storefront && subscription._storefront !== storefront) return undefined;
			const payload = event.payload !== undefined ? explicitPayload(event.payload) : (target.payload ?? []);
			const body = JSON.stringify({
				event_name: event.eventName,
				id_message: idMessage,
				resource: target.resource,
				storefront,
				payload,
			});
			return { body, resource: target.resource };
		},
		headers: (callbackUrl, body, timestamp) =>
			signedNotificationHeaders(HEADERS, core.options.secretKey, callbackUrl, body, timestamp),
		timeoutMs,
		accepts: (status) => DELIVERED.includes(status),
		expected: 'a 2xx',
		subscriptionPath: (id) => `/subscriptions/${id}`,
	};
}
