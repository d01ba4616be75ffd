/** Numbers as a seller may give them (a number, or text of decimal digits), checked before any request. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../inputError';

/**
 * A whole number as a seller may give it: a safe integer, or text of decimal digits (an optional minus,
 * surrounding spaces allowed). Anything Number() would also read (`0x10`, `1e3`, `0b11`, `12.0`, `+5`) is
 * refused, as is a number beyond 2^53 - 1, which would lose digits or be sent as `1e+21`.
 */
export function parseWholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
	if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return undefined;
	const number = Number(value.trim());
	return Number.isSafeInteger(number) ? number : undefined;
}
/** A money amount in cents: a non-negative whole number of decimal digits (no decimals, no currency sign). */
export function toCents(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	{ allowZero = true } = {},
): number {
	const number = parseWholeNumber(value);
	if (number === undefined || number < 0 || (!allowZero && number === 0)) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a whole number of cents${allowZero ? '' : ' above 0'} (e.g. 1999 for 19.99), but it is ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/** A count (stock, days, a limit...): a whole number of at least `min` (default 0), given as a number or as decimal digits. */
export function toWholeNumber(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	{ min = 0 } = {},
): number {
	const number = parseWholeNumber(value);
	if (number === undefined || number < min) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a whole number of at least ${min}, but it is ${JSON.stringify(value)}`,
		);
	}
	return number;
}
