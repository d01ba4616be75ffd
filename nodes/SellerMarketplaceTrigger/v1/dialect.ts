/**
 * API v1 for the push trigger: `HM-` headers, the v1 events, resource paths as v1 reads them, the v1
 * credentials and subscription requests.
 *
 * The notification signature is a hypothesis: the API says notifications carry HM-Timestamp and HM-Signature
 * but not how they are computed. Assumed: signed like requests (see ../receiving/signature.ts). So by
 * default an event that is not signed so is confirmed by reading its resource.
 */
import { EVENT_NAMES } from '../../api/v1/enums';
import { apiRequest, CREDENTIALS_TYPE } from '../../api/v1';
import type { TriggerDialect } from '../dialect';
import { READ_BACK_RULES, readPathOf, RESOURCE_FORMS } from './events';
import { V1_SUBSCRIPTIONS } from './subscriptions';

export const V1: TriggerDialect = {
	signature: { credentialType: CREDENTIALS_TYPE, timestampHeader: 'HM-Timestamp', signatureHeader: 'HM-Signature' },
	// API v1 does not document how notifications are signed: reading the resource is the check that holds.
	defaultVerifyEventsBy: 'signatureOrReadBack',
	events: EVENT_NAMES,
	confirm: {
		// The marketplace waits 15 s for an answer; reading the resource must leave room for everything else.
		fetchBudget: { defaultSeconds: 8, maxSeconds: 12, answerDeadlineSeconds: 15 },
		resourceForms: RESOURCE_FORMS,
		ruleOf: (notification) => READ_BACK_RULES[notification.event_name as keyof typeof READ_BACK_RULES],
		readPathOf: (ref) => readPathOf(ref),
		read: async (context, path, timeoutMs, retry) =>
			(await apiRequest.call(context, { method: 'GET', path, timeoutMs, retry })).body,
	},
	subscriptions: V1_SUBSCRIPTIONS,
};
