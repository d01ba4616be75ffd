/** Value checks of node version 2 that the shared input checks do not cover: upper bounds from the OpenAPI. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError, toWholeNumber } from '../../../shared/helpers/validation';
import { STOREFRONT_DETAILS, type Storefront } from '../../../api/v2/enums';

export const INT32_MAX = 2_147_483_647;

/** A whole number within [min, max], given as a number or numeric text. */
export function wholeNumber(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	{ min = 0, max = INT32_MAX }: { min?: number; max?: number } = {},
): number {
	const number = toWholeNumber(context, value, itemIndex, label, { min });
	if (number > max) throw inputError(context, itemIndex, `"${label}" must be at most ${max}, but it is ${number}`);
	return number;
}

/** The highest listing price per currency (OpenAPI `UnitRequest.listing_price`: 1 million EUR, 4.5 million PLN, 25 million CZK), in cents; int32 caps CZK. */
const MAX_LISTING_PRICE_CENTS = { EUR: 100_000_000, PLN: 450_000_000, CZK: INT32_MAX } as const;

export function listingPriceCents(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	storefront: Storefront,
): number {
	const { currency } = STOREFRONT_DETAILS[storefront];
	return wholeNumber(context, value, itemIndex, label, { min: 1, max: MAX_LISTING_PRICE_CENTS[currency] });
}

/**
 * The lowest listing price the node sends, in cents: the API takes any price above 0, but a price below 1.00 is
 * far more often a price typed in euros into a cents field (20 for 20.00 EUR), or a default left in place, than a
 * real offer, and it sells at once at that price.
 */
export const MIN_PLAUSIBLE_LISTING_PRICE_CENTS = 100;

/** A listing price as listingPriceCents checks it, refused below MIN_PLAUSIBLE_LISTING_PRICE_CENTS with what it would mean. */
export function plausibleListingPriceCents(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	storefront: Storefront,
): number {
	const cents = listingPriceCents(context, value, itemIndex, label, storefront);
	if (cents < MIN_PLAUSIBLE_LISTING_PRICE_CENTS) {
		const { currency } = STOREFRONT_DETAILS[storefront];
		throw inputError(
			context,
			itemIndex,
			`"${label}" is ${cents}, which is ${(cents / 100).toFixed(2)} ${currency}: prices are in cents (1999 for 19.99 ${currency}). Listing prices below ${MIN_PLAUSIBLE_LISTING_PRICE_CENTS} (1.00 ${currency}) are refused as a likely mistake`,
		);
	}
	return cents;
}

/** Trimmed text, or undefined when empty. */
export function optionalText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim();
	return text === '' ? undefined : text;
}

/** Whether a collection holds a value for `name` (n8n leaves out what was not added). */
export function has(values: IDataObject, name: string): boolean {
	return values[name] !== undefined && values[name] !== null && values[name] !== '';
}
