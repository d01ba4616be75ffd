import type {
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { storefrontOptions } from '../../SellerMarketplace/v2/helpers/enums';
import { CREDENTIALS_TYPE } from '../../SellerMarketplace/v2/transport';
import {
	eventsField,
	fallbackEmailField,
	fallbackEmailNotice,
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
				'How events are trusted: the marketplace signs each notification with your Secret Key "with the function that signs requests" but does not spell out its inputs. The node checks Shop-Signature as hex HMAC-SHA256 of POST, this webhook URL as registered, the raw body and Shop-Timestamp: the body binds every field (storefront and payload included), the URL binds it to this trigger, and the timestamp, at most 13 hours old (retries) and 15 minutes ahead, together with the id_message log stops replays. An event whose signature does not match runs only once the node has read the order, order unit, unit… it names through your signed API credentials and found it matching the event and its storefront (Options → Verify Events By), so a forged call can at most make the node read your own data.',
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
			fallbackEmailNotice,
			triggerOptions({
				timestampHeader: 'Shop-Timestamp',
				signatureHeader: 'Shop-Signature',
				fetchBudget: FETCH_BUDGET,
				resources: 'order, order unit, return, return unit, unit, product or category',
			}),
		]);
	}

	webhookMethods = V2_WEBHOOK_METHODS;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveV2Notification.call(this);
	}
}
