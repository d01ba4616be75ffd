import type {
	IHookFunctions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventNameOptions } from '../../SellerMarketplace/v1/helpers/options';
import {
	answerChallenge,
	DEFAULT_DEDUPE_WINDOW,
	DEFAULT_FETCH_TIMEOUT_SECONDS,
	MAX_DEDUPE_WINDOW,
	MAX_FETCH_TIMEOUT_SECONDS,
	receiveNotification,
} from './notification';
import { checkSubscriptions, createSubscriptions, deleteSubscriptions } from './subscriptions';

/** Trigger version 1: push notifications of the seller API v1. Parameters unchanged since the first release. */
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
				{
					displayName:
						'The marketplace calls this workflow\'s webhook URL, so n8n must be reachable from the internet there (set WEBHOOK_URL when n8n runs behind a proxy). Activating the workflow subscribes each selected event; deactivating it removes the subscriptions.',
					name: 'notice',
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
				{
					displayName: 'Fallback Email',
					name: 'fallbackEmail',
					type: 'string',
					required: true,
					default: '',
					placeholder: 'name@email.com',
					description:
						'Where the marketplace writes when it disables a subscription after about 12 hours of failed deliveries (required by the API)',
				},
				{
					displayName: 'Options',
					name: 'options',
					type: 'collection',
					placeholder: 'Add Option',
					default: {},
					options: [
						{
							displayName: 'Fetch Resource',
							name: 'fetchResource',
							type: 'boolean',
							default: false,
							description:
								'Whether to read the changed order, order unit, return, item, unit or category and add it under "data". A notification only names what changed.',
						},
						{
							displayName: 'Fetch Timeout (Seconds)',
							name: 'fetchTimeoutSeconds',
							type: 'number',
							typeOptions: { minValue: 1, maxValue: MAX_FETCH_TIMEOUT_SECONDS },
							default: DEFAULT_FETCH_TIMEOUT_SECONDS,
							description:
								'With Fetch Resource: how long reading the resource may take, retries included. Past it the event is emitted with "fetch_error" instead of "data", because the marketplace waits only 15 seconds for an answer.',
						},
						{
							displayName: 'Ignore Repeated Deliveries (Last N Messages)',
							name: 'dedupeWindow',
							type: 'number',
							typeOptions: { minValue: 0, maxValue: MAX_DEDUPE_WINDOW },
							default: DEFAULT_DEDUPE_WINDOW,
							description:
								'Retries of a notification carry the same id_message. The trigger remembers this many recent ones and starts nothing for a repeat. 0 turns this off.',
						},
						{
							displayName: 'Max Timestamp Age (Seconds)',
							name: 'maxTimestampAgeSeconds',
							type: 'number',
							typeOptions: { minValue: 0 },
							default: 0,
							description:
								'Refuse notifications whose HM-Timestamp is further than this from the server clock. 0 turns the check off (the default, as the marketplace does not publish its clock tolerance).',
						},
						{
							displayName: 'Verify Signature',
							name: 'verifySignature',
							type: 'boolean',
							default: true,
							description:
								'Whether to refuse (401) notifications whose HM-Signature does not match: an HMAC-SHA256 with the Secret Key over POST, the callback URL, the body and HM-Timestamp',
						},
					],
				},
			],
		};
	}

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkSubscriptions.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createSubscriptions.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteSubscriptions.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') return answerChallenge.call(this);
		return await receiveNotification.call(this);
	}
}
