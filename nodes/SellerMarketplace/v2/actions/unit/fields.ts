/** Fields of the unit (offer) operations, and the checks that turn them into API v2's unit fields. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkNotAbove, inputError, requireIntegerId, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { stockField } from '../../../../shared/descriptions/fields';
import { centsField, embeddedField, idLocator, productEanField, textField } from '../../descriptions/fields';
import {
	alphabetical,
	apiField,
	columnsOf,
	labelsOf,
	readBody,
	type ApiField,
	type ApiFieldDeclaration,
} from '../../descriptions/apiField';
import {
	toOptions,
	UNIT_AND_PRODUCT_EMBEDDABLES,
	UNIT_CONDITIONS,
	UNIT_EMBEDDABLES,
	WRITEABLE_UNIT_STATUSES,
	WRITEABLE_VAT_INDICATORS,
	type Storefront,
} from '../../../../api/v2/enums';
import { listingPriceCents, MIN_PLAUSIBLE_LISTING_PRICE_CENTS, plausibleListingPriceCents } from '../../helpers/values';
import { productIdField } from '../product/fields';

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

/** A field of the unit bodies: POST /units (UnitRequest), PATCH /units/{id_unit} and POST /units/bulk's `unit_data`. */
function unitField<S extends 'UnitRequest' | 'UnitPatchRequest'>(
	declaration: Omit<ApiFieldDeclaration<S, Storefront>, 'alsoFills'>,
): ApiField<Storefront> {
	return apiField({ ...declaration, alsoFills: [`unit_data.${declaration.api}`] });
}

const BOTH = ['UnitRequest', 'UnitPatchRequest'] as const;

const listingPrice = unitField({
	schemas: BOTH,
	api: 'listing_price',
	kind: 'cents',
	property: centsField(
		'Listing Price',
		'listingPrice',
		"The price buyers pay (when left out, the node reads the unit's current price and sends it again: the marketplace needs a price with every change)",
	),
	// The per-currency maximum the OpenAPI states in words, and a plausible least price (see values.ts).
	check: plausibleListingPriceCents,
});

/**
 * The unit fields, each declared once, in the order of the body. unitBody reads them, the forms of Create, Update
 * and Update Many show them, UNIT_FIELD_LABELS names them in the API's refusals and Update Many's Map Automatically
 * takes them from the item's columns (UNIT_COLUMN_PARAMETERS). Adding a unit field is one entry here.
 */
export const UNIT_FIELDS = {
	status: unitField({
		schemas: ['UnitPatchRequest'],
		api: 'status',
		kind: 'option',
		property: {
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
	}),
	amount: unitField({ schemas: BOTH, api: 'amount', kind: 'whole', property: stockField }),
	handlingTime: unitField({
		schemas: BOTH,
		api: 'handling_time',
		kind: 'whole',
		property: {
			displayName: 'Handling Time (Days)',
			name: 'handlingTime',
			type: 'number',
			default: 1,
			description: (bound) =>
				`Working days between the order and handing the parcel to the carrier (${bound.minimum} to ${bound.maximum})`,
		},
	}),
	listingPrice,
	minimumPrice: unitField({
		schemas: BOTH,
		api: 'minimum_price',
		kind: 'cents',
		property: centsField(
			'Minimum Price',
			'minimumPrice',
			'The lowest price Smart Pricing may lower the listing price to',
		),
		// The per-currency maximum of a listing price, which the minimum price may not exceed either.
		check: listingPriceCents,
	}),
	note: unitField({
		schemas: BOTH,
		api: 'note',
		kind: 'text',
		property: {
			displayName: 'Note',
			name: 'note',
			type: 'string',
			default: '',
			description: (bound) =>
				`A note shown to buyers with your offer, e.g. about the condition of a used product (at most ${bound.maxLength} characters)`,
		},
	}),
	shippingGroupId: unitField({
		schemas: BOTH,
		api: 'id_shipping_group',
		kind: 'id',
		property: {
			displayName: 'Shipping Group Name or ID',
			name: 'shippingGroupId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getShippingGroups', loadOptionsDependsOn: ['storefront'] },
			default: '',
			description:
				'The shipping group that sets the shipping costs. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	}),
	warehouseId: unitField({
		schemas: BOTH,
		api: 'id_warehouse',
		kind: 'id',
		property: {
			displayName: 'Warehouse Name or ID',
			name: 'warehouseId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getWarehouses' },
			default: '',
			description:
				'The warehouse the product ships from. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	}),
	vatIndicator: unitField({
		schemas: BOTH,
		api: 'vat_indicator',
		kind: 'option',
		property: {
			displayName: 'VAT Rate',
			name: 'vatIndicator',
			type: 'options',
			options: toOptions(WRITEABLE_VAT_INDICATORS),
			default: 'standard_rate',
			description: "The VAT rate of the product in the storefront's country",
		},
	}),
	ecoParticipation: unitField({
		schemas: BOTH,
		api: 'eco_participation',
		kind: 'cents',
		property: centsField('Eco Participation', 'ecoParticipation', 'The eco-participation fee (France)'),
	}),
	batteryParticipation: unitField({
		schemas: BOTH,
		api: 'battery_participation',
		kind: 'cents',
		property: centsField('Battery Participation', 'batteryParticipation', 'The battery take-back fee (France)'),
	}),
	manufacturerGuaranteeYears: unitField({
		schemas: BOTH,
		api: 'manufacturer_guarantee_years',
		kind: 'whole',
		property: {
			displayName: 'Manufacturer Guarantee (Years)',
			name: 'manufacturerGuaranteeYears',
			type: 'number',
			default: 2,
			description: (bound) => `Years of the manufacturer's guarantee (${bound.minimum} to ${bound.maximum})`,
		},
	}),
} satisfies Record<string, ApiField<Storefront>>;

const UNIT_FIELD_LIST: Array<ApiField<Storefront>> = Object.values(UNIT_FIELDS);

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

export const listingPriceField: INodeProperties = listingPrice.property;

/**
 * Create's listing price: required and without a price of its own, so that no offer goes on sale at a default.
 * The form starts at 0, an empty price (the form's minimum is 0 so that it shows it), which the check refuses like
 * any price below a plausible one.
 */
export const createListingPriceField: INodeProperties = (() => {
	const field = requiredOnCreate(listingPrice);
	const { default: empty, description } = centsField(
		'Listing Price',
		'listingPrice',
		`The price buyers pay, at least ${MIN_PLAUSIBLE_LISTING_PRICE_CENTS}`,
		0,
	);
	return { ...field, default: empty, description, typeOptions: { ...field.typeOptions, minValue: 0 } };
})();
export const handlingTimeField: INodeProperties = UNIT_FIELDS.handlingTime.property;
export const createHandlingTimeField: INodeProperties = requiredOnCreate(UNIT_FIELDS.handlingTime);
export const createOfferIdField: INodeProperties = requiredOnCreate(CREATE_FIELDS.offerId);

/**
 * Create's stock: shown on the form, not hidden among the additional fields (the OpenAPI defaults it to 1). Its form
 * is the one it has always had, without the bound's whole-number display; unitBody checks it by the declared bound.
 */
export const createStockField: INodeProperties = { ...stockField, required: true };

/** The optional unit fields of Create, Update and Update Many, alphabetical as n8n lists collection options (Create shows Stock on its own). */
export const optionalUnitFields: INodeProperties[] = alphabetical(
	[
		UNIT_FIELDS.batteryParticipation,
		UNIT_FIELDS.ecoParticipation,
		UNIT_FIELDS.manufacturerGuaranteeYears,
		UNIT_FIELDS.minimumPrice,
		UNIT_FIELDS.note,
		UNIT_FIELDS.shippingGroupId,
		UNIT_FIELDS.amount,
		UNIT_FIELDS.vatIndicator,
		UNIT_FIELDS.warehouseId,
	].map((field) => field.property),
);

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
	UNIT_FIELDS.status.property,
];

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
