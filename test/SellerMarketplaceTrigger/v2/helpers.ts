/** Requests made outside the trigger, as a seller would with the Seller Marketplace node (version 2). */
import type { IDataObject } from 'n8n-workflow';

import { runSellerNodeV2, type SellerCredentialsV2 } from '../../harness/workflow';

/** Subscription → Create through the v2 action node (its own signed request). */
export async function createSubscriptionV2(
	credentials: SellerCredentialsV2,
	body: { callback_url: string; fallback_email: string; event_name: string },
	storefront: string,
): Promise<IDataObject> {
	const run = await runSellerNodeV2(credentials, {
		parameters: {
			resource: 'subscription',
			operation: 'create',
			storefront,
			eventName: body.event_name,
			callbackUrl: body.callback_url,
			fallbackEmail: body.fallback_email,
		},
	});
	if (run.error) throw run.error;
	return run.items[0].json;
}
