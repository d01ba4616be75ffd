import type {
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { eventNameOptions } from '../../api/v1/enums';
import {
	eventsField,
	fallbackEmailField,
	reachabilityNotice,
	TEST_EVENT_DOCS_LINK,
	triggerDescription,
	triggerOptions,
	verificationNotice,
} from '../shared/options';
import { answerChallenge, FETCH_BUDGET, receiveV1Notification } from './notification';
import { V1_WEBHOOK_METHODS } from './subscriptions';

/** How to cause an event while the editor listens (trigger panel). */
const TEST_EVENT = `To cause one, place an order for one of your offers, or mark an order unit as sent (Order Unit → Send in the Seller Marketplace node), which sends Order Unit Status Changed. ${TEST_EVENT_DOCS_LINK}.`;

const SCHEME_WORDING = { timestampHeader: 'HM-Timestamp', signatureHeader: 'HM-Signature' };

/**
 * Trigger version 1: push notifications of the seller API v1. Options added since the first release have
 * defaults, and the two it replaced (Verify Signature, Ignore Repeated Deliveries as a count) are dropped
 * by n8n when an old workflow loads, so saved workflows stay valid and get the safe defaults.
 */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceTriggerV1 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = triggerDescription(baseDescription, 1, 'sellerMarketplaceApi', { testEvent: TEST_EVENT }, [
			reachabilityNotice,
			verificationNotice(
				'API v1 does not document how it signs notifications. By default an event runs when its signature matches the scheme this node assumes, or else once the node has read the order, order unit, return… it names through your signed API credentials and found the event borne out: a creation runs once, a change only for a state of the record not run yet (Options → Verify Events By). A forged call can at most make the node read your own data, at most 30 reads at once and 30 a minute per trigger.',
			),
			eventsField([...eventNameOptions].sort((a, b) => a.name.localeCompare(b.name))),
			fallbackEmailField,
			triggerOptions({
				...SCHEME_WORDING,
				fetchBudget: FETCH_BUDGET,
				resources: 'order, order unit, return, item, unit or category',
				defaultVerifyEventsBy: 'signatureOrReadBack',
			}),
		]);
	}

	webhookMethods = V1_WEBHOOK_METHODS;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveV1Notification.call(this);
	}
}
