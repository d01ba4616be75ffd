/**
 * The unit fields, each declared once: the one place to add a field of the unit bodies (POST /units, PATCH
 * /units/{id_unit}, POST /units/bulk). Everything else derives from these declarations (fields.ts): the forms of
 * Create, Update and Update Many, the body unitBody sends, the bounds the router and unitBody check, the labels that
 * name a field the API refuses, and the columns Update Many's Map Automatically reads. See docs/architecture.md,
 * "Adding a field".
 */
import { stockField } from '../../../../shared/descriptions/fields';
import { centsField } from '../../descriptions/fields';
import { apiField, type ApiField, type ApiFieldDeclaration } from '../../descriptions/apiField';
import {
	toOptions,
	WRITEABLE_UNIT_STATUSES,
	WRITEABLE_VAT_INDICATORS,
	type Storefront,
} from '../../../../api/v2/enums';
import { listingPriceCents, plausibleListingPriceCents } from '../../helpers/values';

/** A field of the unit bodies: POST /units (UnitRequest), PATCH /units/{id_unit} and POST /units/bulk's `unit_data`. */
export function unitField<S extends 'UnitRequest' | 'UnitPatchRequest'>(
	declaration: Omit<ApiFieldDeclaration<S, Storefront>, 'alsoFills'>,
): ApiField<Storefront> {
	return apiField({ ...declaration, alsoFills: [`unit_data.${declaration.api}`] });
}

export const BOTH = ['UnitRequest', 'UnitPatchRequest'] as const;

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
