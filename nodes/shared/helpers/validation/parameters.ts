/** Reading the form: required texts and lists, JSON and binary inputs, and an options collection made compact. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { inputError } from '../inputError';

/** A required text parameter (also a resource locator's value), trimmed; empty is refused. */
export function requireString(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = context.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const value = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!value) throw inputError(context, itemIndex, `"${label}" is required and cannot be empty`);
	return value;
}

/**
 * A required comma-separated list (tracking numbers) as the API takes it: one text, comma-separated, trimmed,
 * without empty entries; an array from an expression is taken too.
 */
export function requireCommaList(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const parts = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const entries = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!entries.length) throw inputError(context, itemIndex, `"${label}" is required and cannot be empty`);
	return entries.join(',');
}

/** A JSON parameter that must hold an object (or, with `array`, a list). */
export function parseJsonObject(
	context: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): IDataObject {
	const raw = context.getNodeParameter(name, itemIndex, '{}') as unknown;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		try {
			value = jsonParse(raw);
		} catch {
			throw inputError(context, itemIndex, `"${label}" is not valid JSON`);
		}
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw inputError(context, itemIndex, `"${label}" must be a JSON object, like {"title": ["My product"]}`);
	}
	return value as IDataObject;
}

/** An n8n binary property of the current item, as bytes with its file name and MIME type. */
export async function readBinary(
	context: IExecuteFunctions,
	itemIndex: number,
	propertyName: unknown,
	label = 'Input Binary Field',
): Promise<{ data: Buffer; fileName?: string; mimeType: string }> {
	const name = propertyName === undefined || propertyName === null ? '' : String(propertyName).trim();
	const item = context.getInputData()[itemIndex];
	if (!name || !item?.binary?.[name]) {
		const available = Object.keys(item?.binary ?? {});
		throw inputError(
			context,
			itemIndex,
			`"${label}": the item has no binary property "${name}"`,
			available.length
				? `Binary properties on this item: ${available.join(', ')}`
				: 'This item has no binary data at all.',
		);
	}
	const binary = context.helpers.assertBinaryData(itemIndex, name);
	const data = await context.helpers.getBinaryDataBuffer(itemIndex, name);
	return { data, fileName: binary.fileName, mimeType: binary.mimeType };
}

/** Drops undefined and empty-string values from an options collection before it becomes a query or body. */
export function compact(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result;
}
