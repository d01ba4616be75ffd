/** Field builders for parameters that recur across operations. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

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
export function embeddedField(values: string[], description = 'Related data to include in each record'): INodeProperties {
	return {
		displayName: 'Include',
		name: 'embedded',
		type: 'multiOptions',
		options: values.map((value) => ({
			name: value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
			value,
		})),
		default: [],
		description,
	};
}

/** A resource locator: pick from a searchable list, or paste an ID. */
export function idLocator(options: {
	displayName: string;
	name: string;
	searchListMethod: string;
	placeholder?: string;
	description?: string;
}): INodeProperties {
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
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: options.placeholder },
		],
	};
}

export function binaryPropertyField(description: string, name = 'binaryPropertyName'): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name,
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the file',
		description,
	};
}

function sortField(fields: string[], defaultValue = 'ts_created:desc'): INodeProperties {
	const options: INodePropertyOptions[] = [];
	for (const field of fields) {
		const label = field.replace(/^ts_/, '').replace(/_/g, ' ');
		options.push({ name: `${label.replace(/^./, (c) => c.toUpperCase())}, Newest First`, value: `${field}:desc` });
		options.push({ name: `${label.replace(/^./, (c) => c.toUpperCase())}, Oldest First`, value: `${field}:asc` });
	}
	return { displayName: 'Sort', name: 'sort', type: 'options', options, default: defaultValue, description: 'Order of the results' };
}

/** A date filter sent as `<field>:from` (e.g. `ts_created:from`): records at or after this time. */
export function fromDateField(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', description };
}

/** An "Options" collection holding the Sort choice of a Get Many. */
export function sortOptions(fields: string[] = ['ts_created', 'ts_updated']): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [sortField(fields)],
	};
}
