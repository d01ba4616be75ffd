/** Value checks of node version 2 that the shared input checks do not cover: upper bounds from the OpenAPI. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError, toWholeNumber } from '../../../shared/helpers/validation';
import { STOREFRONT_DETAILS, type Storefront } from './enums';

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

export function listingPriceCents(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string, storefront: Storefront): number {
	const { currency } = STOREFRONT_DETAILS[storefront];
	return wholeNumber(context, value, itemIndex, label, { min: 1, max: MAX_LISTING_PRICE_CENTS[currency] });
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
