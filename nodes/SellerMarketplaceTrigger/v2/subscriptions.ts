/**
 * API v2 subscription requests for the shared lifecycle (../subscribing/lifecycle.ts): one
 * subscription per event and storefront, created with `POST /subscriptions?storefront=`, changed with a
 * partial PATCH (switching one back on verifies the callback again), deleted for good.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { STOREFRONTS, type Storefront } from '../../api/v2/enums';
import { apiPath, apiRequest, apiRequestAllItems, apiRequestData, defaultStorefront } from '../../api/v2';
import type { RemoteSubscription, SubscriptionApi } from '../dialect';
import { LIFECYCLE_RETRY } from '../subscribing/lifecycle';

export const FROM_CREDENTIALS = 'credentials';

/** The Storefront parameter, or the credentials' Default Storefront: the storefront the trigger subscribes for. */
export async function subscribedStorefront(context: IHookFunctions): Promise<Storefront> {
	const chosen = String(context.getNodeParameter('storefront', FROM_CREDENTIALS) ?? '')
		.trim()
		.toLowerCase();
	if (chosen === FROM_CREDENTIALS || chosen === '') return await defaultStorefront(context);
	if (!(STOREFRONTS as readonly string[]).includes(chosen)) {
		throw new NodeOperationError(
			context.getNode(),
			`"Storefront" must be one of ${STOREFRONTS.join(', ')}, but it is "${chosen}"`,
		);
	}
	return chosen as Storefront;
}

export const V2_SUBSCRIPTIONS: SubscriptionApi = {
	list: async (context) =>
		(await apiRequestAllItems.call(
			context,
			{ path: '/subscriptions', pageSize: 30, idField: 'id_subscription' },
			{ returnAll: true },
		)) as unknown as RemoteSubscription[],
	async create(context, { callbackUrl, event, email }) {
		const subscription = await apiRequestData.call(context, {
			method: 'POST',
			path: '/subscriptions',
			query: { storefront: await subscribedStorefront(context) },
			body: { callback_url: callbackUrl, fallback_email: email, event_name: event },
			retry: LIFECYCLE_RETRY,
		});
		const id = Number(subscription.id_subscription);
		if (!Number.isSafeInteger(id) || id <= 0) {
			throw new NodeOperationError(context.getNode(), 'The marketplace did not return the id of the new subscription', {
				description: `Expected {"data": {"id_subscription": …}}, got id_subscription ${JSON.stringify(subscription.id_subscription ?? null)}.`,
			});
		}
		return id;
	},
	async remove(context, id) {
		await apiRequest.call(context, { method: 'DELETE', path: apiPath`/subscriptions/${id}`, retry: LIFECYCLE_RETRY });
	},
	// Only what differs is sent: a disabled subscription, another storefront (or every storefront), an old e-mail.
	async repairOf(context, existing, { email }) {
		const storefront = await subscribedStorefront(context);
		const changes: Record<string, string | boolean> = {};
		if (existing.storefront !== storefront) changes.storefront = storefront;
		if (existing.fallback_email !== email) changes.fallback_email = email;
		if (!existing.is_active) changes.is_active = true;
		return Object.keys(changes).length ? changes : undefined;
	},
	async repair(context, id, changes) {
		await apiRequestData.call(context, {
			method: 'PATCH',
			path: apiPath`/subscriptions/${id}`,
			body: changes,
			retry: LIFECYCLE_RETRY,
		});
	},
};
