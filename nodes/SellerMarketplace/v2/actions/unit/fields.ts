/** Fields of the unit (offer) operations, and the checks that turn them into API v2's unit fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { OPENAPI_REQUEST_SCHEMAS } from '../../../../api/v2/openapi.generated';
import { checkNotAbove, inputError, requireIntegerId, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { stockField } from '../../../../shared/descriptions/fields';
import { centsField, embeddedField, idLocator, productEanField, textField } from '../../descriptions/fields';
import { alphabetical, apiField, columnsOf, labelsOf, readBody, type ApiField } from '../../descriptions/apiField';
import {
	toOptions,
	UNIT_AND_PRODUCT_EMBEDDABLES,
	UNIT_CONDITIONS,
	UNIT_EMBEDDABLES,
	type Storefront,
} from '../../../../api/v2/enums';
import { MIN_PLAUSIBLE_LISTING_PRICE_CENTS } from '../../helpers/values';
import { productIdField } from '../product/fields';
import { UNIT_FIELDS } from './unitFields';

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

const UNIT_FIELD_LIST: Array<ApiField<Storefront>> = Object.values(UNIT_FIELDS);

/** Whether Create takes the field: the OpenAPI's UnitRequest has it (Status, for one, only PATCH takes). */
function isInCreate(field: ApiField<Storefront>): boolean {
	return field.api in OPENAPI_REQUEST_SCHEMAS.UnitRequest.properties;
}

/** Unit → Create's own fields, besides the unit fields. */
export const CREATE_FIELDS = {
	offerId: apiField({
		schemas: ['UnitRequest'],
		api: 'id_offer',
		kind: 'text',
		property: textField(
			'Offer ID',
			'offerId',
			'Your own ID for this offer, such as your SKU. Orders refer to it; it cannot be changed later.',
			{ placeholder: 'e.g. SKU-4711' },
		),
		// The OpenAPI leaves it unbounded; a line of text is far above any real offer ID.
		adds: { maxLength: TEXT_CAPS.line },
	}),
	condition: apiField({
		schemas: ['UnitRequest'],
		api: 'condition',
		kind: 'option',
		property: {
			displayName: 'Condition',
			name: 'condition',
			type: 'options',
			options: toOptions(UNIT_CONDITIONS),
			default: 'NEW',
			description: 'Condition of the product you offer',
		},
	}),
};

/** Create's EAN and Product, filled by one choice (Identify Product By), with their checks in create.operation.ts. */
export const createEanField = productEanField('EAN (GTIN) of the product: 8 to 14 digits, leading zeros included', {
	fills: ['ean'],
	pattern: { regex: /^\d{8,14}$/, says: '8 to 14 digits' },
});
export const createProductIdField = productIdField(
	'The product you offer, searched in the catalogue or given by its ID (id_product)',
	{ identifyBy: ['productId'] },
);

/** Form labels of the unit fields by API name, to name a field the API refuses. */
export const UNIT_FIELD_LABELS: Record<string, string> = labelsOf(
	[...UNIT_FIELD_LIST, ...Object.values(CREATE_FIELDS)],
	{ ean: createEanField, id_product: createProductIdField },
);

/**
 * The form name of each field Update Many takes from an item's columns (Mapping Column Mode → Map Automatically), by
 * its API name: the names the offer list outputs, so that a list read, changed and written back needs no mapping.
 */
export const UNIT_COLUMN_PARAMETERS: Record<string, string> = columnsOf(UNIT_FIELD_LIST);

/** The form property of a field that Create requires when the OpenAPI requires it in UnitRequest. */
function requiredOnCreate(field: ApiField<Storefront> | ApiField): INodeProperties {
	return field.requiredIn('UnitRequest') ? { ...field.property, required: true } : field.property;
}

/**
 * Create's listing price: required and without a price of its own, so that no offer goes on sale at a default.
 * The form starts at 0, an empty price (the form's minimum is 0 so that it shows it), which the check refuses like
 * any price below a plausible one.
 */
export const createListingPriceField: INodeProperties = (() => {
	const field = requiredOnCreate(UNIT_FIELDS.listingPrice);
	const { default: empty, description } = centsField(
		'Listing Price',
		'listingPrice',
		`The price buyers pay, at least ${MIN_PLAUSIBLE_LISTING_PRICE_CENTS}`,
		0,
	);
	return { ...field, default: empty, description, typeOptions: { ...field.typeOptions, minValue: 0 } };
})();
export const createHandlingTimeField: INodeProperties = requiredOnCreate(UNIT_FIELDS.handlingTime);
export const createOfferIdField: INodeProperties = requiredOnCreate(CREATE_FIELDS.offerId);

/**
 * Create's stock: shown on the form, not hidden among the additional fields (the OpenAPI defaults it to 1). Its form
 * is the one it has always had, without the bound's whole-number display; unitBody checks it by the declared bound.
 */
export const createStockField: INodeProperties = { ...stockField, required: true };

/** The optional unit fields of Create, Update and Update Many, alphabetical as n8n lists collection options (Create shows Stock on its own). */
export const optionalUnitFields: INodeProperties[] = alphabetical(
	UNIT_FIELD_LIST.filter((field) => isInCreate(field) && !field.requiredIn('UnitRequest')).map(
		(field) => field.property,
	),
);

/** Update's removal of the optional fees and guarantee (sent as null). */
const removeValuesField: INodeProperties = {
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
};

/** What Update and Update Many change: every unit field PATCH /units/{id_unit} takes, and Remove Values; alphabetical. */
export const updateUnitFields: INodeProperties[] = alphabetical([
	...UNIT_FIELD_LIST.filter((field) => field.api in OPENAPI_REQUEST_SCHEMAS.UnitPatchRequest.properties).map(
		(field) => field.property,
	),
	removeValuesField,
]);

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
	const body = readBody(UNIT_FIELD_LIST, context, itemIndex, values, storefront);
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
