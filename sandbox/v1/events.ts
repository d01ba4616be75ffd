/**
 * Push notifications to subscriptions made through API v1.
 *
 * The spec does not publish how notifications are signed. The sandbox signs them like requests:
 * HM-Signature = hex HMAC-SHA256, keyed with the seller's secret key, of
 * "POST\n<callback_url>\n<body>\n<HM-Timestamp>" (see README "Notification signature").
 * Body: {"event_name", "resource", "id_message", "payload"}, `payload` the control API's text or '[]'; only 200 delivers.
 */
import type { SandboxCore } from '../core/sandbox-core';
import { signedNotificationHeaders, type NotificationFormat } from '../core/notifications';

const HEADERS = { userAgent: 'SellerMarketplaceSandbox/1.0', timestamp: 'HM-Timestamp', signature: 'HM-Signature' };

export function v1NotificationFormat(core: SandboxCore): NotificationFormat {
	return {
		render(event, _subscription, idMessage) {
			const { eventName, resource, payload } = event;
			return {
				body: JSON.stringify({ event_name: eventName, resource, id_message: idMessage, payload: payload ?? '[]' }),
				resource,
			};
		},
		headers: (callbackUrl, body, timestamp) =>
			signedNotificationHeaders(HEADERS, core.options.secretKey, callbackUrl, body, timestamp),
		timeoutMs: core.options.callbackTimeoutSeconds * 1000,
		accepts: (status) => status === 200,
		expected: '200',
		subscriptionPath: (id) => `/subscriptions/${id}/`,
	};
}
