import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiResponse } from '../transport';
import { inputError } from '../../../shared/helpers/validation';

/**
 * The item for an operation the API answers with an empty body (204, or 201 with only a Location):
 * `{ success: true }` plus the created record's id and location when the API gave one.
 */
export function successItem(response: ApiResponse, extra: IDataObject = {}): IDataObject {
	const item: IDataObject = { success: true, ...extra };
	if (response.createdId !== undefined) item.id = response.createdId;
	if (response.location !== undefined) item.location = response.location;
	if (response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body)) {
		Object.assign(item, response.body as IDataObject);
	}
	return item;
}

/**
 * Formats a date filter the way the API expects it (`YYYY-MM-DD HH:MM:SS`). Accepts what n8n's date
 * picker and expressions produce (ISO strings, with or without time) and the API's own format.
 */
export function toApiTimestamp(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = String(value).trim();
	if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return text;
	const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?)?/.exec(text);
	if (!match) {
		throw inputError(context, itemIndex, `"${label}" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "${text}"`);
	}
	return `${match[1]} ${match[2] ?? '00:00'}:${match[3] ?? '00'}`;
}
