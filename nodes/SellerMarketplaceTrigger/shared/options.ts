/** The description of every push trigger version: the Options collection, the notices, the fields and panel both versions have. */
import type {
	INodeProperties,
	INodePropertyOptions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	TriggerPanelDefinition,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { collectionField } from '../../shared/descriptions/fields';
import { choiceSubtitle, tidyProperties } from '../../shared/descriptions/words';
import type { TriggerDialect } from '../dialect';
import { DEFAULT_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS } from './time';
import { DEFAULT_WATCH_MINUTES, MAX_WATCH_MINUTES } from '../subscribing/watch';

/**
 * The Options collection of one API version: header names, the answer deadline and the default of "Verify
 * Events By" come from its dialect; `resources` is what Fetch Resource reads, e.g. "order, order unit, return,
 * item, unit or category".
 */
function triggerOptions(dialect: TriggerDialect, resources: string): INodeProperties {
	const { timestampHeader, signatureHeader } = dialect.signature;
	const { defaultVerifyEventsBy } = dialect;
	const { defaultSeconds, maxSeconds, answerDeadlineSeconds } = dialect.confirm.fetchBudget;
	return collectionField(
		'Options',
		'options',
		[
			{
				displayName: 'Check Subscriptions Every (Minutes)',
				name: 'checkSubscriptionsMinutes',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_WATCH_MINUTES },
				default: DEFAULT_WATCH_MINUTES,
				description: `While the workflow is published, how often to check that the marketplace still delivers here. A subscription it switched off (after about 12 hours in which n8n could not be reached) or that was deleted is repaired and n8n's log says so${
					dialect.recovery?.length
						? '; the new orders, order units and returns of the gap are then delivered once each, with "recovered" true'
						: ''
				}. 0 turns the check off.`,
			},
			{
				displayName: 'Fetch Resource',
				name: 'fetchResource',
				type: 'boolean',
				default: false,
				description: `Whether to read the changed ${resources} and add it under "data". A notification only names what changed.`,
			},
			{
				displayName: 'Fetch Timeout (Seconds)',
				name: 'fetchTimeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: maxSeconds },
				default: defaultSeconds,
				description: `How long reading the resource (for Fetch Resource or a read-back) may take, retries included, because the marketplace waits only ${answerDeadlineSeconds} seconds for an answer. Past it, Fetch Resource emits the event with "fetch_error" instead of "data"; a read-back refuses the event, so the marketplace retries it.`,
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
				description: `Refuse (401) a signed notification whose ${timestampHeader} is older than this, or more than 15 minutes ahead. The default, 13 hours, covers the marketplace's 12 hours of retries, which may keep their first timestamp. 0, the "off" of earlier versions, means the default.`,
			},
			{
				displayName: 'Verify Events By',
				name: 'verifyEventsBy',
				type: 'options',
				default: defaultVerifyEventsBy,
				options: [
					{
						name: 'Signature',
						value: 'signature',
						description: `Run only events whose ${signatureHeader} verifies; refuse (401) every other call unread, at no cost`,
					},
					{
						name: 'Signature or Read-Back',
						value: 'signatureOrReadBack',
						description: `Run an event whose ${signatureHeader} verifies; otherwise read its resource through the API and run it only if that bears the event out. Anyone can make the node read (up to 30 reads at once, then 30 a minute).`,
					},
					{
						name: 'Read-Back (Resource Exists)',
						value: 'readBack',
						description: 'Ignore signatures; run an event only once reading its resource through the API bears it out',
					},
				],
				description: `How an event is trusted. ${
					defaultVerifyEventsBy === 'signature'
						? 'The API documents that notifications are signed, so only a verified signature counts unless read-back is chosen here.'
						: 'The API does not document how notifications are signed, so an event that is not signed as assumed is confirmed by reading.'
				} Read-back runs a creation once and a change only for a state of the record it has not run yet; deletions cannot be confirmed that way.`,
			},
		],
		'Add Option',
	);
}

/** The first notice of every version: n8n must be reachable, and what activation does. */
const reachabilityNotice: INodeProperties = {
	displayName:
		"The marketplace calls this workflow's webhook URL, so n8n must be reachable from the internet there (set WEBHOOK_URL when n8n runs behind a proxy). Activating the workflow subscribes each selected event; deactivating it removes the subscriptions.",
	name: 'notice',
	type: 'notice',
	default: '',
};

const fallbackEmailField: INodeProperties = {
	displayName: 'Fallback Email',
	name: 'fallbackEmail',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. nathan@example.com',
	description:
		'Where the marketplace writes when it disables a subscription after about 12 hours of failed deliveries (required by the API). Checked when the workflow is published or listens for a test event.',
};

/** The documentation's section on causing a test event (the test account, the playground and the offline marketplace), for the panels' text. */
export const TEST_EVENT_DOCS_URL =
	'https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/nodes/SellerMarketplaceTrigger.md#cause-a-test-event';
export const TEST_EVENT_DOCS_LINK = `<a href="${TEST_EVENT_DOCS_URL}" target="_blank">More ways to cause a test event</a>`;

function triggerPanel(testEvent: string): TriggerPanelDefinition {
	const whileBuilding = `<b>While building your workflow</b>, click 'Execute step': the node subscribes the events under 'Trigger On' for its test URL, and the first one the marketplace sends runs the workflow here, in the editor. ${testEvent} The test subscription is removed when listening stops.`;
	return {
		header: 'Waiting for an event from the marketplace',
		executionsHelp: {
			inactive: `${whileBuilding}<br /><br /><b>Once you're happy with your workflow</b>, publish it: every event then runs it, and those executions show in the <a data-key="executions">executions list</a>, not in the editor.`,
			active: `${whileBuilding}<br /><br /><b>The published workflow runs as well</b>: its subscriptions stay, and its executions show in the <a data-key="executions">executions list</a>, not in the editor.`,
		},
		activationHint:
			'Once the workflow works, publish it to run it on every event (those executions show in the executions list, not here)',
	};
}

/** What one version of the trigger says in its description besides its own fields. */
export interface VersionWording {
	version: number;
	dialect: TriggerDialect;
	/** How to make the marketplace (or the sandbox) send an event, as one HTML sentence or two (trigger panel). */
	testEvent: string;
	/** What Fetch Resource reads, e.g. "order, order unit, return, item, unit or category". */
	resources: string;
	/** How this version trusts an event, for the notice above the events (the link to the documentation follows). */
	verification: string;
	/** The events "Trigger On" offers. */
	events: INodePropertyOptions[];
}

/** The documentation's section on how events are verified, linked from every version's verification notice. */
const VERIFICATION_DOCS_LINK =
	'<a href="https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/nodes/SellerMarketplaceTrigger.md#how-events-are-verified" target="_blank">How events are verified</a>';

/**
 * What every version's description has: one output, the credentials, the two webhooks, the trigger panel, and
 * the fields in this order: the reachability notice, how events are trusted, the events, the version's own
 * fields (e.g. the storefront), the fallback e-mail and the Options.
 */
export function triggerDescription(
	baseDescription: INodeTypeBaseDescription,
	{ version, dialect, testEvent, resources, verification, events: eventOptions }: VersionWording,
	versionFields: INodeProperties[] = [],
): INodeTypeDescription {
	const tidy = tidyProperties([
		reachabilityNotice,
		verificationNotice(`${verification} ${VERIFICATION_DOCS_LINK}`),
		eventsField(eventOptions),
		...versionFields,
		fallbackEmailField,
		triggerOptions(dialect, resources),
	]);
	const events = (tidy.find((property) => property.name === 'events')?.options ?? []) as INodePropertyOptions[];
	return {
		...baseDescription,
		version,
		subtitle: choiceSubtitle('events', events, { multiple: true }),
		defaults: { name: 'Seller Marketplace Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: dialect.signature.credentialType, required: true }],
		triggerPanel: triggerPanel(testEvent),
		// The GET route is registered first, so it already answers when the marketplace verifies the
		// callback during create(). responseData '' makes n8n answer with the node's own response.
		webhooks: [
			{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook', responseData: '' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook', responseData: '' },
		],
		properties: tidy,
	};
}

/** The events that start the workflow, one subscription each; n8n's guidelines name it "Trigger On", without a tooltip. */
function eventsField(options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Trigger On',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['order_new'],
		options,
	};
}

/** The notice on how events are trusted. */
function verificationNotice(text: string): INodeProperties {
	return { displayName: text, name: 'verificationNotice', type: 'notice', default: '' };
}
