import type { IDataObject } from 'n8n-workflow';

import { API_TIME_ZONE, type ApiResponse } from '../../../api/v1';
import { dateFilterWriter } from '../../../shared/helpers/dates';

/**
 * The item for an operation the API answers with an empty body (204, or 201 with only a Location):
 * `{ success: true }` plus the created record's id and location when the API gave one, and
 * `alreadyApplied: true` when a retry found the change already made by an attempt whose answer was lost.
 */
export function successItem(response: ApiResponse, extra: IDataObject = {}): IDataObject {
	const item: IDataObject = { success: true, ...(response.alreadyApplied ? { alreadyApplied: true } : {}), ...extra };
	if (response.createdId !== undefined) item.id = response.createdId;
	if (response.location !== undefined) item.location = response.location;
	if (response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body)) {
		Object.assign(item, response.body as IDataObject);
	}
	return item;
}

/**
 * Formats a date filter the way API v1 expects it: `YYYY-MM-DD HH:MM:SS` in the API's time zone. Takes what
 * n8n's date picker and expressions produce; a time without offset is one in the workflow's time zone.
 */
export const toApiTimestamp = dateFilterWriter('sql', API_TIME_ZONE);
