/** API v1 subscription requests for the shared lifecycle (../subscribing/lifecycle.ts). */
import { NodeOperationError } from 'n8n-workflow';

import { apiPath, apiRequest, apiRequestAllItems } from '../../api/v1';
import type { RemoteSubscription, SubscriptionApi } from '../dialect';
import { LIFECYCLE_RETRY } from '../subscribing/lifecycle';

export const V1_SUBSCRIPTIONS: SubscriptionApi = {
	list: async (context) =>
		(await apiRequestAllItems.call(
			context,
			{ path: '/subscriptions/seller/', idField: 'id_subscription' },
			{ returnAll: true },
		)) as unknown as RemoteSubscription[],
	async create(context, { callbackUrl, event, email }) {
		const response = await apiRequest.call(context, {
			method: 'POST',
			path: '/subscriptions/',
			body: { callback_url: callbackUrl, fallback_email: email, event_name: event },
			retry: LIFECYCLE_RETRY,
		});
		const id = Number(response.createdId);
		if (!Number.isInteger(id) || id <= 0) {
			throw new NodeOperationError(
				context.getNode(),
				'The marketplace did not return the address of the new subscription',
				{
					description: `Expected a Location header such as /subscriptions/123/, got ${JSON.stringify(response.location ?? null)}.`,
				},
			);
		}
		return id;
	},
	async remove(context, id) {
		await apiRequest.call(context, { method: 'DELETE', path: apiPath`/subscriptions/${id}/`, retry: LIFECYCLE_RETRY });
	},
	// v1 takes the whole subscription on PATCH; only a disabled one needs it.
	repairOf: async (_context, existing, { callbackUrl, event, email }) =>
		existing.is_active
			? undefined
			: { callback_url: callbackUrl, fallback_email: email, event_name: event, is_active: true },
	async repair(context, id, changes) {
		await apiRequest.call(context, {
			method: 'PATCH',
			path: apiPath`/subscriptions/${id}/`,
			body: changes,
			retry: LIFECYCLE_RETRY,
		});
	},
};
