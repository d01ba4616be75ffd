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
				'API v1 does not document its signature: an event runs if its signature matches or reading what it names confirms it. <a href="https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/nodes/SellerMarketplaceTrigger.md#how-events-are-verified" target="_blank">How events are verified</a>',
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
