/** Fields of the unit (offer) operations, and the checks that turn them into API v2's unit fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, checkNotAbove, compact, inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { stockField } from '../../../../shared/descriptions/fields';
import { centsField, embeddedField, idLocator, textField } from '../../descriptions/fields';
import {
	toOptions,
	UNIT_AND_PRODUCT_EMBEDDABLES,
	UNIT_EMBEDDABLES,
	WRITEABLE_UNIT_STATUSES,
	WRITEABLE_VAT_INDICATORS,
	type Storefront,
} from '../../../../api/v2/enums';
import {
	has,
	listingPriceCents,
	MIN_PLAUSIBLE_LISTING_PRICE_CENTS,
	optionalText,
	plausibleListingPriceCents,
	wholeNumber,
} from '../../helpers/values';

export const unitIdField = idLocator({
	displayName: 'Unit',
	name: 'unitId',
	searchListMethod: 'searchUnits',
	placeholder: 'e.g. 151177892008',
	description: 'One of your units (offers), searched by your offer ID, the EAN or its ID (id_unit)',
});

export function getUnitId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'unitId', itemIndex, 'Unit');
}

/** "Include" for reading units: the product, and the eco and battery participation fees. */
export const readEmbeddedField = embeddedField(
	[...UNIT_AND_PRODUCT_EMBEDDABLES],
	'More data to include with each unit',
);
/** "Include" for writing units: the eco and battery participation fees. */
export const writeEmbeddedField = embeddedField(
	[...UNIT_EMBEDDABLES],
	'More data to include with the unit the marketplace returns',
);

/** Form labels of the unit fields by API name, to name a field the API refuses. */
export const UNIT_FIELD_LABELS: Record<string, string> = {
	amount: 'Stock',
	handling_time: 'Handling Time (Days)',
	listing_price: 'Listing Price (in Cents)',
	minimum_price: 'Minimum Price (in Cents)',
	note: 'Note',
	id_shipping_group: 'Shipping Group',
	id_warehouse: 'Warehouse',
	vat_indicator: 'VAT Rate',
	eco_participation: 'Eco Participation (in Cents)',
	battery_participation: 'Battery Participation (in Cents)',
	manufacturer_guarantee_years: 'Manufacturer Guarantee (Years)',
	status: 'Status',
	condition: 'Condition',
	id_offer: 'Offer ID',
	ean: 'EAN',
	id_product: 'Product',
};

/**
 * The form name of each field Update Many takes from an item's columns (Mapping Column Mode → Map Automatically), by
 * its API name: the names the offer list outputs, so that a list read, changed and written back needs no mapping.
 */
export const UNIT_COLUMN_PARAMETERS: Record<string, string> = {
	amount: 'amount',
	battery_participation: 'batteryParticipation',
	eco_participation: 'ecoParticipation',
	handling_time: 'handlingTime',
	id_shipping_group: 'shippingGroupId',
	id_warehouse: 'warehouseId',
	listing_price: 'listingPrice',
	manufacturer_guarantee_years: 'manufacturerGuaranteeYears',
	minimum_price: 'minimumPrice',
	note: 'note',
	status: 'status',
	vat_indicator: 'vatIndicator',
};

export const listingPriceField: INodeProperties = bounded(
	centsField(
		'Listing Price',
		'listingPrice',
		"The price buyers pay (when left out, the node reads the unit's current price and sends it again: the marketplace needs a price with every change)",
	),
	{ fills: ['listing_price', 'unit_data.listing_price'], minimum: 1, decimals: 0 },
);

const createListingPriceBounded = bounded(
	centsField('Listing Price', 'listingPrice', `The price buyers pay, at least ${MIN_PLAUSIBLE_LISTING_PRICE_CENTS}`, 0),
	{
		fills: ['listing_price', 'unit_data.listing_price'],
		minimum: 1,
		decimals: 0,
	},
);

/**
 * Create's listing price: required and without a price of its own, so that no offer goes on sale at a default.
 * The form starts at 0, an empty price (the form's minimum is 0 so that it shows it), which the check refuses like
 * any price below a plausible one.
 */
export const createListingPriceField: INodeProperties = {
	...createListingPriceBounded,
	typeOptions: { ...createListingPriceBounded.typeOptions, minValue: 0 },
	required: true,
};
export const handlingTimeField: INodeProperties = bounded(
	{
		displayName: 'Handling Time (Days)',
		name: 'handlingTime',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 1,
		description: 'Working days between the order and handing the parcel to the carrier (0 to 100)',
	},
	{ fills: ['handling_time', 'unit_data.handling_time'], minimum: 0, maximum: 100, decimals: 0 },
);

/** Create's stock: shown on the form, not hidden among the additional fields. */
export const createStockField: INodeProperties = { ...stockField, required: true };

/** The optional unit fields of Create, Update and Update Many, alphabetical as n8n lists collection options (Create shows Stock on its own). */
export const optionalUnitFields: INodeProperties[] = [
	bounded(centsField('Battery Participation', 'batteryParticipation', 'The battery take-back fee (France)'), {
		fills: ['battery_participation', 'unit_data.battery_participation'],
		minimum: 1,
		decimals: 0,
	}),
	bounded(centsField('Eco Participation', 'ecoParticipation', 'The eco-participation fee (France)'), {
		fills: ['eco_participation', 'unit_data.eco_participation'],
		minimum: 1,
		decimals: 0,
	}),
	bounded(
		{
			displayName: 'Manufacturer Guarantee (Years)',
			name: 'manufacturerGuaranteeYears',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 99 },
			default: 2,
			description: "Years of the manufacturer's guarantee (1 to 99)",
		},
		{
			fills: ['manufacturer_guarantee_years', 'unit_data.manufacturer_guarantee_years'],
			minimum: 1,
			maximum: 99,
			decimals: 0,
		},
	),
	bounded(
		centsField('Minimum Price', 'minimumPrice', 'The lowest price Smart Pricing may lower the listing price to'),
		{ fills: ['minimum_price', 'unit_data.minimum_price'], minimum: 1, decimals: 0 },
	),
	bounded(
		textField(
			'Note',
			'note',
			'A note shown to buyers with your offer, e.g. about the condition of a used product (at most 250 characters)',
		),
		{ fills: ['note', 'unit_data.note'], maxLength: 250 },
	),
	{
		displayName: 'Shipping Group Name or ID',
		name: 'shippingGroupId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getShippingGroups', loadOptionsDependsOn: ['storefront'] },
		default: '',
		description:
			'The shipping group that sets the shipping costs. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	bounded(stockField, { fills: ['amount', 'unit_data.amount'], minimum: 0, decimals: 0 }),
	{
		displayName: 'VAT Rate',
		name: 'vatIndicator',
		type: 'options',
		options: toOptions(WRITEABLE_VAT_INDICATORS),
		default: 'standard_rate',
		description: "The VAT rate of the product in the storefront's country",
	},
	{
		displayName: 'Warehouse Name or ID',
		name: 'warehouseId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getWarehouses' },
		default: '',
		description:
			'The warehouse the product ships from. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

/** Update only: pause or resume the offer, and remove the optional fees and guarantee. */
export const updateOnlyFields: INodeProperties[] = [
	{
		displayName: 'Remove Values',
		name: 'remove',
		type: 'multiOptions',
		options: [
			{ name: 'Battery Participation', value: 'battery_participation' },
			{ name: 'Eco Participation', value: 'eco_participation' },
			{ name: 'Manufacturer Guarantee', value: 'manufacturer_guarantee_years' },
		],
		default: [],
		description: 'Values to remove from the unit',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: toOptions(WRITEABLE_UNIT_STATUSES, {
			AVAILABLE: { name: 'Available (On Sale)', description: 'Buyers can buy it' },
			ONHOLD: { name: 'On Hold (Paused)', description: 'Kept as it is, but not offered to buyers' },
		}),
		default: 'AVAILABLE',
		description: 'Whether the offer is on sale or paused',
	},
];

const NOTE_MAX_LENGTH = 250;

/**
 * Checks the unit fields given by their form names (listingPrice, handlingTime and the optional fields) and
 * maps them to the API's names; fields not given are left out. Every error names the form label and the item.
 */
export function unitBody(
	context: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	storefront: Storefront,
): IDataObject {
	const label = UNIT_FIELD_LABELS;
	const cents = (name: string, api: string) =>
		has(values, name) ? wholeNumber(context, values[name], itemIndex, label[api], { min: 1 }) : undefined;
	const id = (name: string, api: string) =>
		has(values, name)
			? wholeNumber(context, values[name], itemIndex, label[api], { min: 1, max: Number.MAX_SAFE_INTEGER })
			: undefined;
	const note = optionalText(values.note);
	if (note !== undefined && note.length > NOTE_MAX_LENGTH) {
		throw inputError(
			context,
			itemIndex,
			`"Note" must be at most ${NOTE_MAX_LENGTH} characters, but it has ${note.length}`,
		);
	}
	const body = compact({
		status: optionalText(values.status),
		amount: has(values, 'amount') ? wholeNumber(context, values.amount, itemIndex, label.amount) : undefined,
		handling_time: has(values, 'handlingTime')
			? wholeNumber(context, values.handlingTime, itemIndex, label.handling_time, { max: 100 })
			: undefined,
		listing_price: has(values, 'listingPrice')
			? plausibleListingPriceCents(context, values.listingPrice, itemIndex, label.listing_price, storefront)
			: undefined,
		minimum_price: has(values, 'minimumPrice')
			? listingPriceCents(context, values.minimumPrice, itemIndex, label.minimum_price, storefront)
			: undefined,
		note,
		id_shipping_group: id('shippingGroupId', 'id_shipping_group'),
		id_warehouse: id('warehouseId', 'id_warehouse'),
		vat_indicator: optionalText(values.vatIndicator),
		eco_participation: cents('ecoParticipation', 'eco_participation'),
		battery_participation: cents('batteryParticipation', 'battery_participation'),
		manufacturer_guarantee_years: has(values, 'manufacturerGuaranteeYears')
			? wholeNumber(context, values.manufacturerGuaranteeYears, itemIndex, label.manufacturer_guarantee_years, {
					min: 1,
					max: 99,
				})
			: undefined,
	});
	checkNotAbove(
		context,
		itemIndex,
		{ label: label.minimum_price, value: body.minimum_price },
		{ label: label.listing_price, value: body.listing_price },
	);
	for (const field of (values.remove as string[] | undefined) ?? []) {
		if (body[field] !== undefined) {
			throw inputError(context, itemIndex, `"${label[field]}" is both set and in "Remove Values": choose one`);
		}
		body[field] = null;
	}
	return body;
}
