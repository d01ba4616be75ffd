/** Attribute rows (name and value, several rows per name allowed) of the product data forms of both node versions. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, inputError, lineOfText, TEXT_CAPS } from '../helpers/validation';

export const attributeRow = (nameDescription: string): INodeProperties[] => [
	bounded(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. title',
			description: nameDescription,
		},
		lineOfText(),
	),
	bounded(
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			description:
				'One value. For several values, add another row with the same name, or give a list of values with an expression.',
		},
		{ maxLength: TEXT_CAPS.document },
	),
];

/** "Define Data": attribute rows, or one JSON value (`jsonDescription` says what it holds). */
export function defineDataField(jsonDescription: string): INodeProperties {
	return {
		displayName: 'Define Data',
		name: 'defineData',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Attribute Fields', value: 'fields', description: 'Enter attribute names and values row by row' },
			{ name: 'JSON', value: 'json', description: jsonDescription },
		],
		default: 'fields',
	};
}

/** A list of attribute rows, shown when Define Data is "Attribute Fields". */
export function attributeRowsField(field: { displayName: string; name: string; placeholder: string; description: string; rowName: string }): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: field.placeholder,
		default: {},
		description: field.description,
		displayOptions: { show: { defineData: ['fields'] } },
		options: [{ displayName: 'Attribute', name: 'attribute', values: attributeRow(field.rowName) }],
	};
}

type Row = { name?: unknown; value?: unknown };

/** A row's value as a list: a list given by an expression stays a list; text is one value. */
function rowValues(value: unknown): unknown[] {
	const values = Array.isArray(value) ? value : [value];
	return values
		.map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
		.filter((entry) => entry !== undefined && entry !== null && entry !== '');
}

/** A single attribute value: non-empty text, a number or a boolean. */
export function isValue(value: unknown): boolean {
	return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' || typeof value === 'boolean';
}

/** Attribute rows → `{name: [values]}`, merging rows of the same name in their order. */
export function collectRows(context: IExecuteFunctions, itemIndex: number, parameter: string, label: string): Map<string, unknown[]> {
	const rows = ((context.getNodeParameter(parameter, itemIndex, {}) as IDataObject).attribute ?? []) as Row[];
	const attributes = new Map<string, unknown[]>();
	rows.forEach((row, index) => {
		const name = String(row.name ?? '').trim();
		if (!name) throw inputError(context, itemIndex, `"${label}" row ${index + 1}: "Name" is required`);
		const values = rowValues(row.value);
		if (!values.length) throw inputError(context, itemIndex, `"${label}" row ${index + 1} ("${name}"): "Value" is empty`);
		if (!values.every(isValue)) {
			throw inputError(context, itemIndex, `"${label}" row ${index + 1} ("${name}"): values must be text or numbers`);
		}
		attributes.set(name, [...(attributes.get(name) ?? []), ...values]);
	});
	return attributes;
}

