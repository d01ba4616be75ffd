import type {
	IHookFunctions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventNameOptions } from '../../SellerMarketplace/v1/helpers/options';
import { DEFAULT_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS } from '../shared/time';
import { answerChallenge, receiveNotification } from './notification';
import { DEFAULT_FETCH_TIMEOUT_SECONDS, MAX_FETCH_TIMEOUT_SECONDS } from './readResource';
import { checkSubscriptions, createSubscriptions, deleteSubscriptions } from './subscriptions';

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
				{
					displayName:
						'The marketplace calls this workflow\'s webhook URL, so n8n must be reachable from the internet there (set WEBHOOK_URL when n8n runs behind a proxy). Activating the workflow subscribes each selected event; deactivating it removes the subscriptions.',
					name: 'notice',
					type: 'notice',
					default: '',
				},
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
								'How long reading the resource (for Fetch Resource or a read-back) may take, retries included, because the marketplace waits only 15 seconds for an answer. Past it, Fetch Resource emits the event with "fetch_error" instead of "data"; a read-back answers 503 so the marketplace retries.',
						},
						{
							displayName: 'Ignore Repeated Deliveries',
							name: 'ignoreRepeatedDeliveries',
							type: 'boolean',
							default: true,
							description:
								'Whether to start nothing for a notification whose id_message was already received. Retries keep their id_message; each is remembered for Max Timestamp Age plus 15 minutes (at most 20,000 at a time; beyond that new events are refused with 503 until some expire, and the marketplace retries them).',
						},
						{
							displayName: 'Max Timestamp Age (Seconds)',
							name: 'maxTimestampAgeSeconds',
							type: 'number',
							typeOptions: { minValue: 0, maxValue: MAX_MAX_AGE_SECONDS },
							default: DEFAULT_MAX_AGE_SECONDS,
							description:
								'Refuse (401) a signed notification whose HM-Timestamp is older than this, or more than 15 minutes ahead. The default, 13 hours, covers the marketplace\'s 12 hours of retries, which may keep their first timestamp. 0, the "off" of earlier versions, means the default.',
						},
						{
							displayName: 'Verify Events By',
							name: 'verifyEventsBy',
							type: 'options',
							default: 'signatureOrReadBack',
							options: [
								{
									name: 'Signature or Read-Back',
									value: 'signatureOrReadBack',
									description:
										'Run an event whose HM-Signature matches; otherwise read its resource through the API and run it only if that bears the event out',
								},
								{
									name: 'Signature',
									value: 'signature',
									description:
										'Refuse (401) every event whose HM-Signature does not match. If the assumed scheme is wrong, every event is refused and the marketplace disables the subscription after 12 hours.',
								},
								{
									name: 'Read-Back (Resource Exists)',
									value: 'readBack',
									description: 'Ignore signatures; run an event only once reading its resource through the API bears it out',
								},
							],
							description:
								'How an event is trusted. Read-back runs an event only if its resource exists, is the kind the event is about, was created or changed recently, and has not run in the same state before; deletions cannot be confirmed that way.',
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
