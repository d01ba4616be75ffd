/** Offer fields shared by Unit → Create (Additional Fields) and Unit → Update (Update Fields). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/common';
import { unitConditionOptions } from '../../../../api/v1/enums';
import {
	checkCountryCode,
	checkNotAbove,
	compact,
	toCents,
	toWholeNumber,
} from '../../../../shared/helpers/validation';

export const unitIdField: INodeProperties = idLocator({
	displayName: 'Unit',
	name: 'unitId',
	searchListMethod: 'searchUnits',
	placeholder: 'e.g. 151177892008',
	description: 'One of your units (offers), searched by your offer ID or given by its ID (id_unit)',
});

export const conditionField: INodeProperties = {
	displayName: 'Condition',
	name: 'condition',
	type: 'options',
	options: unitConditionOptions,
	default: 'new',
	description: 'Condition of the product you offer',
};

export const listingPriceField: INodeProperties = {
	displayName: 'Listing Price (in Cents)',
	name: 'listingPrice',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 1,
	placeholder: 'e.g. 1999',
	description: 'Price customers pay, in cents (1999 for 19.99)',
};

export { stockField as amountField } from '../../../../shared/descriptions/fields';

/** Optional offer fields, in the order the form shows them (alphabetical, as n8n lists collection options). */
export const offerFields: INodeProperties[] = [
	{
		displayName: 'Delivery Time Max (Days)',
		name: 'deliveryTimeMax',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 3,
		description: 'Most days until the customer receives the product',
	},
	{
		displayName: 'Delivery Time Min (Days)',
		name: 'deliveryTimeMin',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 1,
		description: 'Fewest days until the customer receives the product',
	},
	{
		displayName: 'Location',
		name: 'location',
		type: 'string',
		default: '',
		placeholder: 'e.g. DE',
		description:
			"Two-letter country code the product ships from. When a warehouse is set, the warehouse's country is used instead.",
	},
	{
		displayName: 'Minimum Price (in Cents)',
		name: 'minimumPrice',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		placeholder: 'e.g. 1499',
		description: 'Lowest price you accept for this offer, in cents (1499 for 14.99); not above the listing price',
	},
	{
		displayName: 'Note',
		name: 'note',
		type: 'string',
		default: '',
		description: 'Note shown to customers with your offer, e.g. about the condition of a used product',
	},
	{
		displayName: 'Shipping Group Name or ID',
		name: 'shippingGroup',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getShippingGroups' },
		default: '',
		description:
			'Shipping group that sets the shipping costs. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Warehouse Name or ID',
		name: 'warehouse',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getWarehouses' },
		default: '',
		description:
			'Warehouse the product ships from. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

const text = (value: unknown): string | undefined =>
	value === undefined || value === null ? undefined : String(value).trim();

/**
 * Validates offer fields given by their parameter names (condition, listingPrice, amount and the `offerFields`)
 * and maps them to the API's names. Fields not given are left out. Labels in errors are the form labels.
 */
export function offerBody(context: IExecuteFunctions, itemIndex: number, values: IDataObject): IDataObject {
	const given = (name: string) => values[name] !== undefined && values[name] !== null && values[name] !== '';
	const body = compact({
		condition: given('condition') ? String(values.condition) : undefined,
		listing_price: given('listingPrice')
			? toCents(context, values.listingPrice, itemIndex, 'Listing Price (in Cents)', { allowZero: false })
			: undefined,
		minimum_price: given('minimumPrice')
			? toCents(context, values.minimumPrice, itemIndex, 'Minimum Price (in Cents)')
			: undefined,
		amount: given('amount') ? toWholeNumber(context, values.amount, itemIndex, 'Stock') : undefined,
		note: text(values.note),
		delivery_time_min: given('deliveryTimeMin')
			? toWholeNumber(context, values.deliveryTimeMin, itemIndex, 'Delivery Time Min (Days)')
			: undefined,
		delivery_time_max: given('deliveryTimeMax')
			? toWholeNumber(context, values.deliveryTimeMax, itemIndex, 'Delivery Time Max (Days)')
			: undefined,
		shipping_group: text(values.shippingGroup),
		warehouse: text(values.warehouse),
		location: checkCountryCode(context, values.location, itemIndex, 'Location'),
	});
	checkNotAbove(
		context,
		itemIndex,
		{ label: 'Delivery Time Min (Days)', value: body.delivery_time_min },
		{ label: 'Delivery Time Max (Days)', value: body.delivery_time_max },
		'must not be more than',
	);
	checkNotAbove(
		context,
		itemIndex,
		{ label: 'Minimum Price (in Cents)', value: body.minimum_price },
		{ label: 'Listing Price (in Cents)', value: body.listing_price },
	);
	return body;
}
