/** What a form field may hold (`bounded`, next to the field), checked on every item before the operation runs. */
import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { parseDateTime } from '../dates';
import { inputError } from '../inputError';

/**
 * What a form field may hold, as the API documents it for the field it fills (OpenAPI maxLength, pattern, minimum,
 * maximum, decimals, dates), or as this package caps free text the API leaves unbounded. The router checks it on
 * every item before the operation runs (see checkParameterTypes), so a value out of bounds is refused, naming the
 * field and the item, before anything is sent. Declared with `bounded`, next to the field.
 */
export interface Bound {
	/** The API fields this form field fills, as paths into the body or query: `tracking_numbers`, `postal_address.street`. */
	fills?: string[];
	/** Characters of text, after trimming. */
	minLength?: number;
	maxLength?: number;
	/** The whole trimmed text must match `regex`; `says` completes "must be …", e.g. "two letters, such as DE". */
	pattern?: { regex: RegExp; says: string };
	minimum?: number;
	/** The value must be above `minimum`, not equal to it. */
	exclusiveMinimum?: boolean;
	maximum?: number;
	/** Digits after the decimal point (0: a whole number). */
	decimals?: number;
	/** Entries of a list: an array, or text separated by commas. */
	maxItems?: number;
	/** What the entries are called in an error, e.g. "IDs" (default "entries"). */
	itemsAre?: string;
	/** A real calendar date (`date`) or date and time (`date-time`): a time part, when given, is checked too (no 25:61). */
	date?: 'date' | 'date-time';
}

const BOUND = Symbol('bound');
type BoundedProperty = INodeProperties & { [BOUND]?: Bound };

/**
 * The field with its bound attached. The bound stays out of the node's description (n8n sees no new key) but goes
 * with every copy of the field (`{...field}` copies it). A number field also shows its range and decimals in the form.
 */
export function bounded<T extends INodeProperties>(property: T, bound: Bound): T {
	const typeOptions =
		property.type === 'number'
			? {
					...property.typeOptions,
					...(bound.minimum !== undefined ? { minValue: bound.minimum } : {}),
					...(bound.maximum !== undefined ? { maxValue: bound.maximum } : {}),
					...(bound.decimals !== undefined ? { numberPrecision: bound.decimals } : {}),
				}
			: property.typeOptions;
	return { ...property, ...(typeOptions ? { typeOptions } : {}), [BOUND]: bound };
}

/** The bound of a field, if it declares one. */
export function boundOf(property: INodeProperties): Bound | undefined {
	return (property as BoundedProperty)[BOUND];
}

/** Digits after the decimal point of a number as JavaScript writes it (1e-300 has 300). */
function decimalsOf(value: number): number {
	const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
	const fraction = mantissa.split('.')[1]?.length ?? 0;
	return Math.max(0, fraction - Number(exponent));
}

const DECIMAL_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** What is wrong with a number against its bound, as the end of "must be …"; undefined when it fits. */
function numberProblem(number: number, bound: Bound): string | undefined {
	if (!Number.isFinite(number)) return 'a number';
	const belowMinimum =
		bound.minimum !== undefined && (bound.exclusiveMinimum ? number <= bound.minimum : number < bound.minimum);
	if (bound.decimals === 0 && (!Number.isInteger(number) || belowMinimum)) {
		return bound.minimum === undefined || bound.exclusiveMinimum
			? 'a whole number'
			: `a whole number of at least ${bound.minimum}`;
	}
	if (bound.decimals !== undefined && decimalsOf(number) > bound.decimals)
		return `a number with at most ${bound.decimals} decimals`;
	if (belowMinimum) return bound.exclusiveMinimum ? `above ${bound.minimum}` : `at least ${bound.minimum}`;
	if (bound.maximum !== undefined && number > bound.maximum) return `at most ${bound.maximum}`;
	return undefined;
}

function tooManyItems(
	context: { getNode(): INode },
	label: string,
	count: number,
	bound: Bound,
	itemIndex: number,
): NodeOperationError {
	return inputError(
		context,
		itemIndex,
		`"${label}" takes at most ${bound.maxItems} ${bound.itemsAre ?? 'entries'}, but it holds ${count}`,
	);
}

/** Checks a value of a text field against its bound (text, dates and lists). */
function checkTextBound(
	context: { getNode(): INode },
	label: string,
	text: string,
	bound: Bound,
	itemIndex: number,
): void {
	const shown =
		text.length > 40 ? `${JSON.stringify(text.slice(0, 40))}… (${text.length} characters)` : JSON.stringify(text);
	const { minLength = 0, maxLength } = bound;
	if ((maxLength !== undefined && text.length > maxLength) || (text.length > 0 && text.length < minLength)) {
		const length =
			maxLength === undefined
				? `at least ${minLength} characters long`
				: minLength > 1
					? `${minLength} to ${maxLength} characters long`
					: `at most ${maxLength} characters`;
		throw inputError(context, itemIndex, `"${label}" must be ${length}, but it has ${text.length}`);
	}
	if (bound.pattern && text !== '' && !bound.pattern.regex.test(text)) {
		throw inputError(context, itemIndex, `"${label}" must be ${bound.pattern.says}, but it is ${shown}`);
	}
	if (bound.maxItems !== undefined) {
		const count = text.split(',').filter((entry) => entry.trim() !== '').length;
		if (count > bound.maxItems) throw tooManyItems(context, label, count, bound, itemIndex);
	}
}

/**
 * Checks one value of a bounded field; empty values are left to the operation (a required field says so there).
 * Numbers given as text are checked when they are decimal text; other text is left to the operation's own reading.
 */
export function checkBound(
	context: { getNode(): INode },
	label: string,
	value: unknown,
	bound: Bound,
	itemIndex: number,
): void {
	if (value === undefined || value === null || value === '') return;
	if (bound.date) {
		const text =
			value instanceof Date
				? value.toISOString()
				: typeof value === 'string'
					? value.trim()
					: String((value as { toISO?: () => unknown }).toISO?.() ?? value);
		if (!isCalendarValue(text, bound.date)) {
			const example =
				bound.date === 'date' ? 'a date such as 2026-11-01' : 'a date like 2026-11-20 or 2026-11-20 08:30:00';
			throw inputError(
				context,
				itemIndex,
				`"${label}" must be ${example}, but it is ${JSON.stringify(text)}`,
				'The date must exist (no 30 February), and so must a time given with it (no 25:61).',
			);
		}
		return;
	}
	if (Array.isArray(value)) {
		if (bound.maxItems !== undefined && value.length > bound.maxItems)
			throw tooManyItems(context, label, value.length, bound, itemIndex);
		value.forEach(
			(entry) =>
				typeof entry === 'string' &&
				checkTextBound(context, label, entry.trim(), { ...bound, maxItems: undefined }, itemIndex),
		);
		return;
	}
	const numeric = bound.minimum !== undefined || bound.maximum !== undefined || bound.decimals !== undefined;
	if (numeric && (typeof value === 'number' || (typeof value === 'string' && DECIMAL_TEXT.test(value)))) {
		const problem = numberProblem(typeof value === 'number' ? value : Number(value), bound);
		if (problem)
			throw inputError(context, itemIndex, `"${label}" must be ${problem}, but it is ${JSON.stringify(value)}`);
		return;
	}
	if (typeof value === 'string') checkTextBound(context, label, value.trim(), bound, itemIndex);
	else if (typeof value === 'number') checkTextBound(context, label, String(value), bound, itemIndex);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whether a text is a real date (and, after it, a real time and offset: see parseDateTime). */
function isCalendarValue(text: string, kind: 'date' | 'date-time'): boolean {
	const match = CALENDAR_DATE.exec(text);
	if (!match) return false;
	if (kind === 'date' && text.length === 10) {
		const [year, month, day] = match.slice(1).map(Number);
		return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
	}
	return parseDateTime(text, 'UTC') !== undefined;
}

/**
 * Caps for free text the API leaves unbounded: far above any real value, far below what would bloat a request (a
 * 2,000,000-character message). `message` is what the OpenAPI allows a ticket message (`text`, maxLength 65535).
 */
export const TEXT_CAPS = {
	/** IDs, codes, names and search text: an offer ID, a tracking code, a title. */
	line: 255,
	/** Several tracking numbers separated by commas. */
	trackingNumbers: 1000,
	/** A web address. */
	url: 2048,
	/** A message or note to a buyer or to the marketplace. */
	message: 65_535,
	/** One value of a product's data, such as a description written in HTML. */
	document: 1_000_000,
} as const;

/** A line of free text the API leaves unbounded, capped (TEXT_CAPS.line), filling the API fields `fills`. */
export const lineOfText = (...fills: string[]): Bound => ({ fills, maxLength: TEXT_CAPS.line });

/**
 * Refuses two values of an item in the wrong order, naming both fields and their values: a minimum price above the
 * listing price ("must not be above"), a shortest delivery time longer than the longest ("must not be more than").
 * Either value missing: nothing to compare.
 */
export function checkNotAbove(
	context: { getNode(): INode },
	itemIndex: number,
	low: { label: string; value: unknown },
	high: { label: string; value: unknown },
	relation: 'must not be above' | 'must not be more than' = 'must not be above',
): void {
	if (low.value === undefined || high.value === undefined || !((low.value as number) > (high.value as number))) return;
	throw inputError(
		context,
		itemIndex,
		`"${low.label}" (${String(low.value)}) ${relation} "${high.label}" (${String(high.value)})`,
	);
}
