import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { API_TIME_ZONE, type ApiResponse } from '../../../api/v1';
import { formatInstant, toInstant } from '../../../shared/helpers/dates';
import { insertOutputProperties, outputProperties, outputShaper, type OutputShape } from '../../../shared/helpers/simplify';

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
export function toApiTimestamp(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): string | undefined {
	const instant = toInstant(context, value, itemIndex, label);
	return instant && formatInstant(instant, 'sql', API_TIME_ZONE);
}

/** A v1 operation as its file exports it: its fields and what it runs per item. */
export interface V1Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/**
 * A read of records (Get, Get Many) with its output shape: the Simplify toggle (or Output in a tool) in its form,
 * and its records shaped as the item asks. The choice is read, and Selected Fields checked, before anything is sent.
 */
export function withOutputShape(show: { resource: string; operation: string }, operation: V1Operation, shape: OutputShape): V1Operation {
	const shown = updateDisplayOptions({ show: { resource: [show.resource], operation: [show.operation] } }, outputProperties(shape, show.operation));
	return {
		description: insertOutputProperties(operation.description, shown),
		async execute(itemIndex) {
			const shapeRecords = outputShaper(this, itemIndex, shape);
			const items = await operation.execute.call(this, itemIndex);
			return items.map((item) => ({ ...item, json: shapeRecords(item.json) }));
		},
	};
}
