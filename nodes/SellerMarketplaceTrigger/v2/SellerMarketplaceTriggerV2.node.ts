import type {
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { storefrontOptions } from '../../api/v2/enums';
import { CREDENTIALS_TYPE } from '../../api/v2';
import {
	eventsField,
	fallbackEmailField,
	reachabilityNotice,
	TEST_EVENT_DOCS_LINK,
	triggerDescription,
	triggerOptions,
	verificationNotice,
} from '../shared/options';
import { answerChallenge } from '../shared/receive';
import { eventOptions } from './events';
import { FETCH_BUDGET, receiveV2Notification } from './notification';
import { FROM_CREDENTIALS, V2_WEBHOOK_METHODS } from './subscriptions';

/** How to cause an event while the editor listens (trigger panel). */
const TEST_EVENT = `To cause one, place an order for one of your units in the storefront under 'Storefront', or mark an order unit as sent (Order Unit → Send in the Seller Marketplace node), which sends Order Unit Status Changed. ${TEST_EVENT_DOCS_LINK}.`;

/** Trigger version 2: push notifications of the seller API v2 (spec §F), one subscription per event for one storefront. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceTriggerV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = triggerDescription(baseDescription, 2, CREDENTIALS_TYPE, { testEvent: TEST_EVENT }, [
			reachabilityNotice,
			verificationNotice(
				'Only events signed with your Secret Key, for the storefront below, start the workflow; any other call is refused. <a href="https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/nodes/SellerMarketplaceTrigger.md#how-events-are-verified" target="_blank">How events are verified</a>',
			),
			eventsField(eventOptions),
			{
				displayName: 'Storefront',
				name: 'storefront',
				type: 'options',
				options: [{ name: "Credentials' Default Storefront", value: FROM_CREDENTIALS }, ...storefrontOptions],
				default: FROM_CREDENTIALS,
				description: 'The storefront (country) whose events start the workflow. A subscription is per event and storefront.',
			},
			fallbackEmailField,
			triggerOptions({
				timestampHeader: 'Shop-Timestamp',
				signatureHeader: 'Shop-Signature',
				fetchBudget: FETCH_BUDGET,
				resources: 'order, order unit, return, return unit, unit, product or category',
				defaultVerifyEventsBy: 'signature',
			}),
		]);
	}

	webhookMethods = V2_WEBHOOK_METHODS;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveV2Notification.call(this);
	}
}
