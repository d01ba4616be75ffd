/** Field builders for parameters that recur across operations. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ID_FORMATS } from '../../../shared/helpers/validation';
import { collectionField, idLocator, returnAllOrLimit, textField } from '../../../shared/descriptions/fields';

export { embeddedField, idLocator, returnAllOrLimit } from '../../../shared/descriptions/fields';

/** An item (the shared product record), searched in the catalogue or given by its ID. */
export function itemIdField(description: string): INodeProperties {
	return idLocator({
		displayName: 'Item',
		name: 'itemId',
		searchListMethod: 'searchItems',
		searchFilterRequired: true,
		placeholder: 'e.g. 20574181',
		description,
	});
}

/** An order, picked from the seller's latest orders or given by its ID (text, such as MHRYPC1). */
export function orderIdField(description: string): INodeProperties {
	return idLocator({
		displayName: 'Order',
		name: 'orderId',
		searchListMethod: 'searchOrders',
		format: ID_FORMATS.text,
		placeholder: 'e.g. MHRYPC1',
		description,
	});
}

/** A message of several lines: Return Unit → Reject and Clarify (the API opens a claim with it), Ticket → Open. */
export function messageField(description: string): INodeProperties {
	return textField('Message', 'message', description, { typeOptions: { rows: 4 }, required: true });
}

/** The fields a Get Many starts with: Return All / Limit, then its Filters. */
export function listFields(filters: INodeProperties[]): INodeProperties[] {
	return [...returnAllOrLimit(), collectionField('Filters', 'filters', filters, 'Add Filter')];
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
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options,
		default: defaultValue,
		description: 'Order of the results',
	};
}

/** A date filter sent as `<field>:from` (e.g. `ts_created:from`): records at or after this time. */
export function fromDateField(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', description };
}

/** An "Options" collection holding the Sort choice of a Get Many. */
export function sortOptions(fields: string[] = ['ts_created', 'ts_updated']): INodeProperties {
	return collectionField('Options', 'options', [sortField(fields)], 'Add Option');
}
