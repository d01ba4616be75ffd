/** Attribute rows (name and value, several rows per name allowed) of the product data forms of both node versions. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, inputError, lineOfText, TEXT_CAPS } from '../helpers/validation';

/**
 * The attribute's name: typed (API v1, which lists no attributes), or picked from the API's attribute list with a
 * search (`nameList`, a listSearch method) and still typed "By Name". A row saved when the name was text keeps it.
 */
function attributeName(nameDescription: string, nameList?: string): INodeProperties {
	const typed = bounded(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. title',
			description: nameDescription,
		},
		lineOfText(),
	);
	if (!nameList) return typed;
	return {
		displayName: 'Name',
		name: 'name',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: nameDescription,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: nameList, searchable: true },
			},
			{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. title' },
		],
	};
}

export const attributeRow = (nameDescription: string, nameList?: string): INodeProperties[] => [
	attributeName(nameDescription, nameList),
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
export function attributeRowsField(field: {
	displayName: string;
	name: string;
	placeholder: string;
	description: string;
	rowName: string;
	/** The listSearch method that lists the API's attributes, where the API has such a list. */
	nameList?: string;
}): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: field.placeholder,
		default: {},
		description: field.description,
		displayOptions: { show: { defineData: ['fields'] } },
		options: [{ displayName: 'Attribute', name: 'attribute', values: attributeRow(field.rowName, field.nameList) }],
	};
}

type Row = { name?: unknown; value?: unknown };

/** A row's name: the value of the picker (`{ __rl, mode, value }`), or the text of a row typed or saved as text. */
function nameOf(name: unknown): unknown {
	return name !== null && typeof name === 'object' && '__rl' in name ? (name as { value?: unknown }).value : name;
}

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
export function collectRows(
	context: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): Map<string, unknown[]> {
	const rows = ((context.getNodeParameter(parameter, itemIndex, {}) as IDataObject).attribute ?? []) as Row[];
	const attributes = new Map<string, unknown[]>();
	rows.forEach((row, index) => {
		const name = String(nameOf(row.name) ?? '').trim();
		if (!name) throw inputError(context, itemIndex, `"${label}" row ${index + 1}: "Name" is required`);
		const values = rowValues(row.value);
		if (!values.length)
			throw inputError(context, itemIndex, `"${label}" row ${index + 1} ("${name}"): "Value" is empty`);
		if (!values.every(isValue)) {
			throw inputError(context, itemIndex, `"${label}" row ${index + 1} ("${name}"): values must be text or numbers`);
		}
		attributes.set(name, [...(attributes.get(name) ?? []), ...values]);
	});
	return attributes;
}
