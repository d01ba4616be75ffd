/** Form fields every node version builds alike: the operation dropdown, Return All / Limit, ID locators and Request Options. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ID_FORMATS, type IdFormat } from '../helpers/validation';
import { optionsOf } from './words';

/** The Operation dropdown of one resource. Each option carries the `action` label n8n shows in the node list. */
export function operationSelector(
	resource: string,
	options: INodePropertyOptions[],
	defaultOperation?: string,
): INodeProperties {
	const property: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: '',
	};
	property.default = defaultOperation ?? String(options[0]?.value ?? '');
	return property;
}

/** Return All toggle plus Limit, for every Get Many. `maxLimit` is the API's page cap times a sensible number of pages. */
export function returnAllOrLimit(maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The `embedded` multi-select: extra fields the API adds to a record when asked. */
export function embeddedField(
	values: string[],
	description = 'Related data to include in each record',
): INodeProperties {
	return {
		displayName: 'Include',
		name: 'embedded',
		type: 'multiOptions',
		options: optionsOf(values),
		default: [],
		description,
	};
}

/**
 * A resource locator: pick from a searchable list (mode `list`), or type an ID (mode `id`), which the form checks
 * with `format` (default: a positive whole number, what most IDs of the API are). A workflow saved when the field
 * was a plain text or dropdown keeps its string value: the node reads either with `extractValue`.
 */
export function idLocator(options: {
	displayName: string;
	name: string;
	searchListMethod: string;
	format?: IdFormat;
	/** Whether the list shows nothing until text is typed (a catalogue searched by the API, not listed). */
	searchFilterRequired?: boolean;
	placeholder?: string;
	description?: string;
}): INodeProperties {
	const format = options.format ?? ID_FORMATS.integer;
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: options.searchListMethod,
					searchable: true,
					...(options.searchFilterRequired ? { searchFilterRequired: true } : {}),
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: options.placeholder,
				validation: [
					{
						type: 'regex',
						properties: { regex: format.regex, errorMessage: `"${options.displayName}" ${format.errorMessage}` },
					},
				],
			},
		],
	};
}

/** Settings of the transport, offered on every operation. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 5,
			description:
				'How often to retry a request the marketplace refused for too many requests (429) or failed with a server error. Creates are never retried after a server error, so nothing is created twice.',
		},
		{
			displayName: 'Page Concurrency',
			name: 'pageConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 8 },
			default: 4,
			description:
				'How many pages of a list to read at the same time when returning all results. Drops to one at a time as soon as the marketplace asks to slow down.',
		},
	],
};

/** A collection of optional fields (Filters, Options, Additional Fields, Update Fields). */
export function collectionField(
	displayName: string,
	name: string,
	options: INodeProperties[],
	placeholder = 'Add Field',
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}

/** A text field; `extra` adds what only some need (required, placeholder, display options). */
export function textField(
	displayName: string,
	name: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return { displayName, name, type: 'string', default: '', description, ...extra };
}

/** A unit's stock (`amount`). */
export const stockField: INodeProperties = {
	displayName: 'Stock',
	name: 'amount',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 1,
	description: 'How many pieces you have in stock; 0 takes the offer off sale',
};

/** Unit → Create's choice of how to name the product: by EAN, or by the marketplace's own ID (`other`). */
export function identifyProductField(other: INodePropertyOptions): INodeProperties {
	return {
		displayName: 'Identify Product By',
		name: 'identifyBy',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'EAN', value: 'ean', description: 'The EAN (GTIN) of the product' }, other],
		default: 'ean',
		description: 'How to tell the marketplace which product you offer',
	};
}

/** Where a download puts its file: the name of the output binary field. */
export function binaryOutputField(description: string): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
		description,
	};
}
