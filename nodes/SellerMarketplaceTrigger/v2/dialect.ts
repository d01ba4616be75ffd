/**
 * API v2 for the push trigger: `Shop-Timestamp` and `Shop-Signature`, the 17 events,
 * the body's `storefront` (an event of another storefront is not this trigger's), resource paths read
 * without their trailing slash through the v2 transport, the v2 credentials and subscription requests. The
 * marketplace waits only 5 seconds for an answer, so reading is budgeted tighter than in v1.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { STOREFRONTS, SUBSCRIPTION_EVENT_NAMES } from '../../api/v2/enums';
import { apiRequestData, CREDENTIALS_TYPE, defaultStorefront } from '../../api/v2';
import type { TriggerDialect } from '../dialect';
import { cachedCredentialValue } from '../receiving/secretCache';
import { secretCacheKey } from '../receiving/signature';
import { nodeParameter } from '../shared/parameters';
import { readBackRuleOf, readPathOf, resourcePathOf, RESOURCE_FORMS } from './events';
import { V2_RECOVERY } from './recovery';
import { FROM_CREDENTIALS, V2_SUBSCRIPTIONS } from './subscriptions';

const storefrontOf = (extra: { storefront?: unknown }): string => String(extra.storefront);

/** The storefront the trigger subscribed its events for: the Storefront parameter, or the credentials' default. */
async function triggerStorefront(context: IWebhookFunctions): Promise<string> {
	const chosen = String(nodeParameter<string>(context, 'storefront', FROM_CREDENTIALS) ?? '')
		.trim()
		.toLowerCase();
	if (chosen !== FROM_CREDENTIALS && chosen !== '') return chosen;
	return await cachedCredentialValue(
		`${secretCacheKey(context, CREDENTIALS_TYPE)}|storefront`,
		async () => await defaultStorefront(context),
	);
}

export const V2: TriggerDialect = {
	signature: { credentialType: CREDENTIALS_TYPE, timestampHeader: 'Shop-Timestamp', signatureHeader: 'Shop-Signature' },
	// API v2 documents that notifications are signed with the seller's secret key.
	defaultVerifyEventsBy: 'signature',
	events: SUBSCRIPTION_EVENT_NAMES,
	confirm: {
		fetchBudget: { defaultSeconds: 3, maxSeconds: 4, answerDeadlineSeconds: 5 },
		resourceForms: RESOURCE_FORMS,
		resourcePathOf: (notification) => resourcePathOf(notification.event_name, notification.resource),
		ruleOf: (notification) => readBackRuleOf(notification.event_name, storefrontOf(notification.extra)),
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
	},
	scope: {
		parse: ({ storefront }) =>
			typeof storefront === 'string' && (STOREFRONTS as readonly string[]).includes(storefront)
				? { storefront }
				: `storefront ${JSON.stringify(storefront ?? null)} is not one of ${STOREFRONTS.join(', ')}`,
		async notForThisTrigger(context, notification) {
			const storefront = await triggerStorefront(context);
			const theirs = storefrontOf(notification.extra);
			return theirs === storefront
				? undefined
				: `the event is of storefront ${theirs}, this trigger listens to ${storefront}`;
		},
	},
	subscriptions: V2_SUBSCRIPTIONS,
	recovery: V2_RECOVERY,
};
