/**
 * API v1 on the shared receiving path (../shared/receive.ts): `HM-` headers, the four body fields, resource
 * paths as v1 reads them, the v1 credentials.
 *
 * The notification signature is a hypothesis: the API says notifications carry HM-Timestamp and HM-Signature
 * but not how they are computed. Assumed: signed like requests (see ../shared/signature.ts).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { EVENT_NAMES } from '../../api/v1/enums';
import { apiRequest, CREDENTIALS_TYPE } from '../../api/v1';
import { nodeParameter } from '../shared/parameters';
import { receiveNotification, type ReceiveDialect } from '../shared/receive';
import { checkSignature } from '../shared/signature';
import { parseEvents } from '../shared/subscriptions';
import { READ_BACK_RULES, readPathOf, RESOURCE_FORMS } from './events';

export { answerChallenge } from '../shared/receive';

/** The marketplace waits 15 s for an answer; reading the resource must leave room for everything else. */
export const FETCH_BUDGET = { defaultSeconds: 8, maxSeconds: 12, answerDeadlineSeconds: 15 };

const SCHEME = { credentialType: CREDENTIALS_TYPE, timestampHeader: 'HM-Timestamp', signatureHeader: 'HM-Signature' };

const V1_DIALECT: ReceiveDialect = {
	...SCHEME,
	// API v1 does not document how notifications are signed: reading the resource is the check that holds.
	defaultVerifyEventsBy: 'signatureOrReadBack',
	fetchBudget: FETCH_BUDGET,
	resourceForms: RESOURCE_FORMS,
	readBackRuleOf: (notification) => READ_BACK_RULES[notification.event_name as keyof typeof READ_BACK_RULES],
	parseExtra: () => ({}),
	selectedEvents: (context) => parseEvents(nodeParameter<unknown[]>(context, 'events', []), EVENT_NAMES),
	readPathOf: (ref) => readPathOf(ref),
	read: async (context, path, timeoutMs, retry) => (await apiRequest.call(context, { method: 'GET', path, timeoutMs, retry })).body,
	checkSignature: async (context, rawBody, timestamp, signature) => await checkSignature(context, SCHEME, rawBody, timestamp, signature),
};

/** POST on the callback URL: a notification. */
export async function receiveV1Notification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await receiveNotification(this, V1_DIALECT);
}
