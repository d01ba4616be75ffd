import type {
	IHookFunctions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventNameOptions } from '../../SellerMarketplace/v1/helpers/options';
import { fallbackEmailField, reachabilityNotice, triggerOptions } from '../shared/options';
import { answerChallenge, FETCH_BUDGET, receiveV1Notification } from './notification';
import { checkV1Subscriptions, createV1Subscriptions, deleteV1Subscriptions } from './subscriptions';

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
		this.description = {
			...baseDescription,
			version: 1,
			subtitle: '={{$parameter["events"].join(", ")}}',
			defaults: { name: 'Seller Marketplace Trigger' },
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'sellerMarketplaceApi', required: true }],
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
						'The marketplace does not publish how it signs notifications. By default an event runs when its signature matches the scheme this node assumes, or else once the node has read the order, order unit, return… it names through your signed API credentials and found it matching the event (Options → Verify Events By). A forged call can at most make the node read your own data.',
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
					options: [...eventNameOptions].sort((a, b) => a.name.localeCompare(b.name)),
					description: 'The events that start the workflow. Each one becomes its own subscription.',
				},
				fallbackEmailField,
				triggerOptions({ ...SCHEME_WORDING, fetchBudget: FETCH_BUDGET, resources: 'order, order unit, return, item, unit or category' }),
			],
		};
	}

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkV1Subscriptions.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createV1Subscriptions.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteV1Subscriptions.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveV1Notification.call(this);
	}
}
