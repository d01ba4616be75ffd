/** Field builders that recur across the operations of node version 2. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { collectionField, returnAllOrLimit, textField } from '../../../shared/descriptions/fields';
import type { Term } from '../../../shared/descriptions/words';
import { bounded, lineOfText, TEXT_CAPS, type Bound } from '../../../shared/helpers/validation';
import { FULFILLMENT_TYPES, toOptions } from '../../../api/v2/enums';
import { toIsoTimestamp } from '../helpers/dates';
import { has, wholeNumber } from '../helpers/values';

export { collectionField, embeddedField, idLocator, textField } from '../../../shared/descriptions/fields';

/** A date filter (`*_from_iso`, filling the query parameter `fills`): records at or after this time. */
export function dateFilterField(
	displayName: string,
	name: string,
	description: string,
	fills: string,
): INodeProperties {
	return bounded(
		{
			displayName,
			name,
			type: 'dateTime',
			default: '',
			description: `${description}. A time without a zone is read in the workflow's time zone.`,
		},
		{ fills: [fills], date: 'date-time' },
	);
}

/** Created After of a list: the records created at or after a time (`ts_created_from_iso`); `description` says which. */
export function createdAfterFilter(description: string): INodeProperties {
	return dateFilterField('Created After', 'createdFrom', description, 'ts_created_from_iso');
}

/** Updated After of a list: the records changed at or after a time (`ts_updated_from_iso`); `description` says which. */
export function updatedAfterFilter(description: string): INodeProperties {
	return dateFilterField('Updated After', 'updatedFrom', description, 'ts_updated_from_iso');
}

export const fulfillmentTypeFilter: INodeProperties = {
	displayName: 'Fulfillment Type',
	name: 'fulfillmentType',
	type: 'multiOptions',
	options: toOptions(FULFILLMENT_TYPES, {
		fulfilled_by_merchant: 'Fulfilled by You (Merchant)',
		fulfilled_by_kaufland: 'Fulfilled by the Marketplace (Deprecated)',
	}),
	default: [],
	description: 'Only records with these fulfillment types. Not set: the marketplace lists those you fulfil yourself.',
};

/**
 * The query of the filters many lists share, as createdAfterFilter, updatedAfterFilter and fulfillmentTypeFilter
 * declare them, next to those fields. A list that does not offer one has none in its Filters (n8n keeps only the
 * parameters a form declares), so it is not sent.
 */
export function sharedFiltersQuery(context: IExecuteFunctions, itemIndex: number, filters: IDataObject): IDataObject {
	return {
		ts_created_from_iso: toIsoTimestamp(context, filters.createdFrom, itemIndex, 'Created After'),
		ts_updated_from_iso: toIsoTimestamp(context, filters.updatedFrom, itemIndex, 'Updated After'),
		fulfillment_type: filters.fulfillmentType as string[] | undefined,
	};
}

/**
 * A filter by one ID of the marketplace (`fills` the query parameter): a positive whole number, in a text field so
 * that an ID too long for a number field stays exact. idFilterOf reads it.
 */
export function idFilterField(displayName: string, name: string, description: string, fills: string): INodeProperties {
	return bounded(textField(displayName, name, description), {
		fills: [fills],
		minimum: 1,
		decimals: 0,
		maxLength: TEXT_CAPS.line,
	});
}

/** The ID an idFilterField holds in `filters`; undefined when it is not set. */
export function idFilterOf(
	context: IExecuteFunctions,
	filters: IDataObject,
	name: string,
	itemIndex: number,
	label: string,
): number | undefined {
	return has(filters, name)
		? wholeNumber(context, filters[name], itemIndex, label, { min: 1, max: Number.MAX_SAFE_INTEGER })
		: undefined;
}

/**
 * The EAN of a product named by EAN rather than by ID (identifyProductField's choice `ean`), shown only for that
 * choice; `bound` is what the router checks before the operation reads it.
 */
export function productEanField(description: string, bound: Bound = lineOfText()): INodeProperties {
	return bounded(
		textField('EAN', 'ean', description, {
			required: true,
			placeholder: 'e.g. 4006381333931',
			displayOptions: { show: { identifyBy: ['ean'] } },
		}),
		bound,
	);
}

/** A money amount in the minor unit of the storefront's currency; the label says so. It starts at its minimum, never below. */
export function centsField(displayName: string, name: string, description: string, minValue = 1): INodeProperties {
	return {
		displayName: `${displayName} (in Cents)`,
		name,
		type: 'number',
		typeOptions: { minValue },
		default: minValue,
		placeholder: 'e.g. 1999',
		description: `${description}, in cents of the storefront's currency (1999 for 19.99 EUR; haléře for CZK, grosze for PLN)`,
	};
}

/** The fields every Get Many starts with: where to read (`storefront`), Return All / Limit, then its Filters. */
export function listFields(storefront: INodeProperties, filters: INodeProperties[]): INodeProperties[] {
	return [storefront, ...returnAllOrLimit(), collectionField('Filters', 'filters', filters, 'Add Filter')];
}

/** A filter that takes any of a closed list of API values. */
export function multiOptionsFilter(
	displayName: string,
	name: string,
	values: readonly string[],
	description: string,
	terms: Readonly<Record<string, Term>> = {},
): INodeProperties {
	return { displayName, name, type: 'multiOptions', options: toOptions(values, terms), default: [], description };
}
