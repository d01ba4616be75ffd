import type {
	IDataObject,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeBaseDescription,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { requestOptionsField } from '../../shared/descriptions/fields';
import { choiceSubtitle, tidyProperties } from '../../shared/descriptions/words';
import { parseDateTime } from '../../shared/helpers/dates';
import { parseWholeNumber } from '../../shared/helpers/validation';

export const DEFAULT_MAX_ITEMS_PER_POLL = 100;
export const MAX_MAX_ITEMS_PER_POLL = 5000;
export const DEFAULT_LOOKBACK_MINUTES = 10;
export const MAX_LOOKBACK_MINUTES = 1440;
export const DEFAULT_LEAD_TIME_HOURS = 4;
export const MAX_LEAD_TIME_HOURS = 168;

/** The note at the top of every version's form. */
export const pollNotice: INodeProperties = {
	displayName:
		'Checks the marketplace on the schedule below, so n8n does not need to be reachable from the internet. Each new record starts the workflow once; the first poll after publishing starts from now.',
	name: 'notice',
	type: 'notice',
	default: '',
};

/** The options every version of the polling trigger offers. */
export const pollOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Lookback Window (Minutes)',
			name: 'lookbackMinutes',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_LOOKBACK_MINUTES },
			default: DEFAULT_LOOKBACK_MINUTES,
			description:
				'Each poll reads again this much time before the newest record it emitted, to catch records the marketplace lists late with an older timestamp. Records already emitted are recognised and not emitted again.',
		},
		{
			displayName: 'Max Items per Poll',
			name: 'maxItemsPerPoll',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_MAX_ITEMS_PER_POLL },
			default: DEFAULT_MAX_ITEMS_PER_POLL,
			description: 'At most this many records start one execution; the rest follow, oldest first, on the next polls',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description:
				"Only for the first poll after publishing: emit the records since this date (in the marketplace's clock, UTC) instead of starting from now",
		},
	],
};

/** Request Options of the action node, with Page Concurrency described as a poll uses it. */
export const pollRequestOptionsField: INodeProperties = {
	...requestOptionsField,
	options: requestOptionsField.options?.map((option) =>
		option.name === 'pageConcurrency'
			? {
					...option,
					description:
						'How many pages to read at the same time when a poll needs more than one. Lists followed by their update time are read one page after the other. Drops to one at a time as soon as the marketplace asks to slow down.',
				}
			: option,
	),
};

/** Order Unit Statuses, the same in every version: which statuses an order unit is emitted on reaching. */
export function orderUnitStatusesField(options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Order Unit Statuses',
		name: 'orderUnitStatuses',
		type: 'multiOptions',
		required: true,
		default: ['need_to_be_sent'],
		options,
		description: 'Emit an order unit when it reaches one of these statuses, e.g. "Need to Be Sent" for units to ship',
	};
}

/** Return Statuses, the same in every version: the returns to emit (none chosen: every return). */
export function returnStatusesField(options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Return Statuses',
		name: 'returnStatuses',
		type: 'multiOptions',
		default: [],
		options,
		description: 'Only returns in these statuses; none chosen means every return',
	};
}

/** Lead Time of the Order Unit Due Soon event, the same in every version. */
export function leadTimeField(event: string): INodeProperties {
	return {
		displayName: 'Lead Time (Hours)',
		name: 'leadTimeHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_LEAD_TIME_HOURS },
		default: DEFAULT_LEAD_TIME_HOURS,
		description:
			"Emit an order unit not sent yet this many hours before its delivery deadline (by the marketplace's clock)",
		displayOptions: { show: { event: [event] } },
	};
}

/** The Event dropdown: one entry per event the version offers. */
export function eventField(events: INodePropertyOptions[]): INodeProperties {
	return { displayName: 'Event', name: 'event', type: 'options', required: true, default: 'orderNew', options: events };
}

/** The description of one version of the trigger: its credentials and its event fields around the common ones. */
export function pollTriggerDescription(
	baseDescription: INodeTypeBaseDescription,
	{
		version,
		credentials,
		eventProperties,
	}: { version: number; credentials: string; eventProperties: INodeProperties[] },
): INodeTypeDescription {
	const properties = tidyProperties([pollNotice, ...eventProperties, pollOptionsField, pollRequestOptionsField]);
	const events = (properties.find((property) => property.name === 'event')?.options ?? []) as INodePropertyOptions[];
	return {
		...baseDescription,
		version,
		polling: true,
		subtitle: choiceSubtitle('event', events, { multiple: false }),
		defaults: { name: 'Seller Marketplace Poll Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: credentials, required: true }],
		properties,
	};
}

export interface PollOptions {
	maxItems: number;
	lookbackSeconds: number;
	/** Seconds; undefined starts from now. */
	startFrom?: number;
}

/** A whole number by the action node's rule (decimal digits only: `0x10` or `1e3` are refused, not read as 16 or 1000). */
function wholeNumber(
	context: IPollFunctions,
	value: unknown,
	label: string,
	min: number,
	max: number,
	fallback: number,
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = parseWholeNumber(value);
	if (number === undefined || number < min || number > max) {
		throw new NodeOperationError(
			context.getNode(),
			`"${label}" must be a whole number from ${min} to ${max}, but it is ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/**
 * The Start Date by the action node's rule (shared/helpers/dates): a real date, and a real time if one is given
 * (`2024-02-30` or `25:61` is refused, not rolled over); without an offset it is on the marketplace's clock, UTC.
 */
function startDate(context: IPollFunctions, value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : '';
	const instant = text ? parseDateTime(text, 'UTC') : undefined;
	if (!instant) {
		throw new NodeOperationError(
			context.getNode(),
			`"Start Date" must be a date like 2026-11-20 or 2026-11-20T08:30:00, but it is ${JSON.stringify(typeof value === 'string' ? value : String(value))}`,
		);
	}
	return Math.floor(instant.getTime() / 1000);
}

/** Reads and checks the Options collection. */
export function readPollOptions(context: IPollFunctions): PollOptions {
	const options = (context.getNodeParameter('options', {}) as IDataObject) ?? {};
	const maxItems = wholeNumber(
		context,
		options.maxItemsPerPoll,
		'Max Items per Poll',
		1,
		MAX_MAX_ITEMS_PER_POLL,
		DEFAULT_MAX_ITEMS_PER_POLL,
	);
	const minutes = wholeNumber(
		context,
		options.lookbackMinutes,
		'Lookback Window (Minutes)',
		0,
		MAX_LOOKBACK_MINUTES,
		DEFAULT_LOOKBACK_MINUTES,
	);
	return { maxItems, lookbackSeconds: minutes * 60, startFrom: startDate(context, options.startDate) };
}

/** Lead Time (Hours), checked, in seconds. */
export function readLeadSeconds(context: IPollFunctions): number {
	const hours = wholeNumber(
		context,
		context.getNodeParameter('leadTimeHours', DEFAULT_LEAD_TIME_HOURS),
		'Lead Time (Hours)',
		1,
		MAX_LEAD_TIME_HOURS,
		DEFAULT_LEAD_TIME_HOURS,
	);
	return hours * 3600;
}

/** The values of a dropdown list, checked against its options (an expression could produce anything). */
export function readChoices(
	context: IPollFunctions,
	name: string,
	label: string,
	allowed: readonly string[],
	{ required }: { required: boolean },
): string[] {
	const raw = context.getNodeParameter(name, []) as unknown;
	const values = (Array.isArray(raw) ? raw : [raw])
		.filter((value) => value !== undefined && value !== null && value !== '')
		.map(String);
	const unknown = values.filter((value) => !allowed.includes(value));
	if (unknown.length) {
		throw new NodeOperationError(context.getNode(), `"${label}" has an unknown value ${JSON.stringify(unknown[0])}`, {
			description: `Allowed values: ${allowed.join(', ')}`,
		});
	}
	if (required && values.length === 0)
		throw new NodeOperationError(context.getNode(), `"${label}" needs at least one value`);
	return [...new Set(values)].sort();
}
