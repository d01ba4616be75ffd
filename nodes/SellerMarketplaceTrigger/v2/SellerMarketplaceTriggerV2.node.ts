import type {
	IHookFunctions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { storefrontOptions } from '../../SellerMarketplace/v2/helpers/enums';
import { CREDENTIALS_TYPE } from '../../SellerMarketplace/v2/transport';
import { fallbackEmailField, reachabilityNotice, triggerOptions } from '../shared/options';
import { answerChallenge } from '../shared/receive';
import { eventOptions } from './events';
import { FETCH_BUDGET, receiveV2Notification } from './notification';
import { checkV2Subscriptions, createV2Subscriptions, deleteV2Subscriptions, FROM_CREDENTIALS } from './subscriptions';

/** Trigger version 2: push notifications of the seller API v2 (spec §F), one subscription per event for one storefront. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceTriggerV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...baseDescription,
			version: 2,
			subtitle: '={{$parameter["events"].join(", ")}}',
			defaults: { name: 'Seller Marketplace Trigger' },
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: CREDENTIALS_TYPE, required: true }],
			// The GET route is registered first, so it already answers when the marketplace verifies the
			// callback during create(). responseData '' makes n8n answer with the node's own response.
			webhooks: [
				{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook', responseData: '' },
				{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook', responseData: '' },
			],
			properties: [
				reachabilityNotice,
				{
					displayName:
						'How events are trusted: the marketplace signs each notification with your Secret Key "with the function that signs requests" but does not spell out its inputs. The node checks Shop-Signature as hex HMAC-SHA256 of POST, this webhook URL as registered, the raw body and Shop-Timestamp, which must be at most 13 hours old (retries) and 15 minutes ahead. An event whose signature does not match runs only once the node has read the order, order unit, unit… it names through your signed API credentials and found it matching the event and its storefront (Options → Verify Events By), so a forged call can at most make the node read your own data.',
					name: 'verificationNotice',
					type: 'notice',
					default: '',
				},
				{
					displayName: 'Events',
					name: 'events',
					type: 'multiOptions',
					required: true,
					default: ['order_new'],
					options: eventOptions,
					description: 'The events that start the workflow. Each one becomes its own subscription.',
				},
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
				}),
			],
		};
	}

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkV2Subscriptions.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createV2Subscriptions.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteV2Subscriptions.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveV2Notification.call(this);
	}
}
