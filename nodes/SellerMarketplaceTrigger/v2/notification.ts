/**
 * API v2 on the shared receiving path (../shared/receive.ts): `Shop-Timestamp` and `Shop-Signature` (§F.4,
 * §F.5), the body's `storefront`, resource paths read without their trailing slash through the v2 transport,
 * and the v2 credentials. The marketplace waits only 5 seconds for an answer (§F.6), so reading is budgeted
 * tighter than in v1.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { STOREFRONTS, SUBSCRIPTION_EVENT_NAMES } from '../../api/v2/enums';
import { apiRequestData, CREDENTIALS_TYPE, defaultStorefront } from '../../api/v2';
import { nodeParameter } from '../shared/parameters';
import { receiveNotification, type ReceiveDialect } from '../shared/receive';
import { cachedCredentialValue } from '../shared/secretCache';
import { checkSignature, secretCacheKey } from '../shared/signature';
import { parseEvents } from '../shared/subscriptions';
import { readBackRuleOf, readPathOf, resourcePathOf, RESOURCE_FORMS } from './events';
import { FROM_CREDENTIALS } from './subscriptions';

export const FETCH_BUDGET = { defaultSeconds: 3, maxSeconds: 4, answerDeadlineSeconds: 5 };

const SCHEME = { credentialType: CREDENTIALS_TYPE, timestampHeader: 'Shop-Timestamp', signatureHeader: 'Shop-Signature' };

const storefrontOf = (extra: { storefront?: unknown }): string => String(extra.storefront);

/** The storefront the trigger subscribed its events for: the Storefront parameter, or the credentials' default. */
async function triggerStorefront(context: IWebhookFunctions): Promise<string> {
	const chosen = String(nodeParameter<string>(context, 'storefront', FROM_CREDENTIALS) ?? '').trim().toLowerCase();
	if (chosen !== FROM_CREDENTIALS && chosen !== '') return chosen;
	return await cachedCredentialValue(`${secretCacheKey(context, CREDENTIALS_TYPE)}|storefront`, async () => await defaultStorefront(context));
}

const V2_DIALECT: ReceiveDialect = {
	...SCHEME,
	// API v2 documents that notifications are signed with the seller's secret key (spec §F.5).
	defaultVerifyEventsBy: 'signature',
	fetchBudget: FETCH_BUDGET,
	resourceForms: RESOURCE_FORMS,
	resourcePathOf: (notification) => resourcePathOf(notification.event_name, notification.resource),
	readBackRuleOf: (notification) => readBackRuleOf(notification.event_name, storefrontOf(notification.extra)),
	parseExtra: ({ storefront }) =>
		typeof storefront === 'string' && (STOREFRONTS as readonly string[]).includes(storefront)
			? { storefront }
			: `storefront ${JSON.stringify(storefront ?? null)} is not one of ${STOREFRONTS.join(', ')}`,
	async notForThisTrigger(context, notification) {
		const storefront = await triggerStorefront(context);
		const theirs = storefrontOf(notification.extra);
		return theirs === storefront ? undefined : `the event is of storefront ${theirs}, this trigger listens to ${storefront}`;
	},
	selectedEvents: (context) => parseEvents(nodeParameter<unknown[]>(context, 'events', []), SUBSCRIPTION_EVENT_NAMES),
	readPathOf: (ref, notification) => readPathOf(ref, storefrontOf(notification.extra)),
	async read(context, pathAndQuery, timeoutMs, retry) {
		const [path, query] = pathAndQuery.split('?');
		return await apiRequestData.call(context, {
			method: 'GET',
			path,
			query: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
			timeoutMs,
			retry,
		});
	},
	checkSignature: async (context, rawBody, timestamp, signature) => await checkSignature(context, SCHEME, rawBody, timestamp, signature),
};

/** POST on the callback URL: a notification. */
export async function receiveV2Notification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await receiveNotification(this, V2_DIALECT);
}
