/**
 * The request settings a workflow may tune in the node's "Request Options" (retries, pages in flight). They are
 * an item's parameter, so an expression may differ per item: they are read once per item of an execution, where
 * it starts (the router for each item, the poll, the webhook), and every request and page of that item reuses them.
 */
import type { IDataObject } from 'n8n-workflow';

import { inputError, parseWholeNumber } from '../../shared/helpers/validation';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import type { ApiContext } from './types';

export interface RequestSettings {
	retry: RetryPolicy;
	/** How many pages of a list are read at once. */
	concurrency: number;
}

export const DEFAULT_PAGE_CONCURRENCY = 4;

/** A whole number from the Request Options, within its range; absent is the default, anything else an error naming the field. */
function requestOption(
	context: ApiContext,
	itemIndex: number,
	value: unknown,
	label: string,
	[min, max]: [number, number],
	fallback: number,
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = parseWholeNumber(value);
	if (number === undefined || number < min || number > max) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a whole number from ${min} to ${max}, but it is ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/** An item's "Request Options" as the form has them now; contexts without them get the defaults. */
function settingsInForm(context: ApiContext, itemIndex: number): RequestSettings {
	let options: IDataObject = {};
	if ('getNodeParameter' in context) {
		try {
			options = (context.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject) ?? {};
		} catch {
			options = {};
		}
	}
	return {
		retry: {
			...DEFAULT_RETRY_POLICY,
			maxRetries: requestOption(
				context,
				itemIndex,
				options.maxRetries,
				'Max Retries',
				[0, 10],
				DEFAULT_RETRY_POLICY.maxRetries,
			),
		},
		concurrency: requestOption(
			context,
			itemIndex,
			options.pageConcurrency,
			'Page Concurrency',
			[1, 8],
			DEFAULT_PAGE_CONCURRENCY,
		),
	};
}

/** The settings read at the start of each execution (n8n gives every execution its own context), by item. */
const settingsOfExecution = new WeakMap<ApiContext, Map<number, RequestSettings>>();

/**
 * Reads an item's Request Options where an execution starts (the router for each item, each poll), for every
 * request and page of the item to use: a wrong value is an error naming the field and the item, before anything is sent.
 */
export function readRequestSettings(context: ApiContext, itemIndex = 0): RequestSettings {
	const settings = settingsInForm(context, itemIndex);
	const byItem = settingsOfExecution.get(context) ?? new Map<number, RequestSettings>();
	settingsOfExecution.set(context, byItem.set(itemIndex, settings));
	return settings;
}

/** The Request Options the execution read for an item; read now (once) where its start did not, e.g. a webhook call. */
export function requestSettings(context: ApiContext, itemIndex = 0): RequestSettings {
	return settingsOfExecution.get(context)?.get(itemIndex) ?? readRequestSettings(context, itemIndex);
}
