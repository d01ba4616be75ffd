/**
 * Input checks that run before any request is sent. Every error names the field (by its label in the
 * form) and the item, so a seller can find the bad row in a batch.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';

import { isStablePathSegment } from '../../api/core/signing';
import { parseDateTime } from './dates';
import { inputError } from './inputError';

export { inputError };

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

/** A required text parameter (also a resource locator's value), trimmed; empty is refused. */
export function requireString(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = context.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const value = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!value) throw inputError(context, itemIndex, `"${label}" is required and cannot be empty`);
	return value;
}

/**
 * A required comma-separated list (tracking numbers) as the API takes it: one text, comma-separated, trimmed,
 * without empty entries; an array from an expression is taken too.
 */
export function requireCommaList(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const parts = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const entries = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!entries.length) throw inputError(context, itemIndex, `"${label}" is required and cannot be empty`);
	return entries.join(',');
}

/**
 * A required text ID that goes into a request path (order, ticket...). Refused: `.` and `..`, which URL
 * parsing would resolve into another path, and slashes, backslashes and control characters, which no ID
 * of the API holds.
 */
export function requireId(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const value = requireString(context, name, itemIndex, label);
	if (!isPathId(value)) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be an ID such as MHRYPC1 or 0013163664, but it is ${JSON.stringify(value)}`,
		);
	}
	return value;
}

/**
 * How an ID may be typed in a locator's By ID mode. Each `regex` (which n8n's editor wraps in ^…$) accepts exactly
 * the values its check accepts when the node runs: `integer` as requireIntegerId, `text` as requireId, `ticket`
 * as a v2 ticket ID, so the form flags a bad ID before the workflow runs and never flags one that would run.
 */
export interface IdFormat {
	regex: string;
	/** What the form says after the field's name when the typed ID does not fit, e.g. "must be a positive whole number". */
	errorMessage: string;
}

/** Alternatives for the numbers with as many digits as `bound`, none above it, e.g. 9007199254740991. */
function notAbove(bound: string): string {
	const alternatives: string[] = [];
	for (let position = 0; position < bound.length; position++) {
		const lowest = position === 0 ? 1 : 0;
		const digit = Number(bound[position]);
		if (digit > lowest) {
			const rest = bound.length - position - 1;
			const range = digit - 1 > lowest ? `[${lowest}-${digit - 1}]` : String(lowest);
			alternatives.push(`${bound.slice(0, position)}${range}${rest > 1 ? `\\d{${rest}}` : rest === 1 ? '\\d' : ''}`);
		}
	}
	return [...alternatives, bound].join('|');
}

const SAFE_INTEGER = String(Number.MAX_SAFE_INTEGER);
/** Characters no ID of a request path may hold: controls, slashes and backslashes. */
const PATH_UNSAFE = '\\x00-\\x1f\\x7f/\\\\';

export const ID_FORMATS = {
	integer: {
		regex: `\\s*0*(?:[1-9]\\d{0,${SAFE_INTEGER.length - 2}}|${notAbove(SAFE_INTEGER)})\\s*`,
		errorMessage: 'must be a positive whole number, such as 391581935120',
	},
	text: {
		regex: `\\s*(?!\\.\\.?\\s*$)(?=\\S)[^${PATH_UNSAFE}]*\\s*`,
		errorMessage:
			'must be an ID such as MB7UWLD: not "." or "..", and without slashes, backslashes or control characters',
	},
	ticket: {
		regex: '\\s*001\\d+\\s*',
		errorMessage: 'must be a ticket ID: 001 followed by digits, like 0011234567 (keep the leading zeros)',
	},
} satisfies Record<string, IdFormat>;

/** Whether a trimmed, non-empty text ID can go into a request path as it is (see requireId). */
export function isPathId(value: string): boolean {
	const hasControlCharacter = [...value].some(
		(character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f,
	);
	return !hasControlCharacter && !/[/\\]/.test(value) && isStablePathSegment(value);
}

/** A required integer id (order unit, return, unit...), given as a number or a numeric string. */
export function requireIntegerId(context: IExecuteFunctions, name: string, itemIndex: number, label: string): number {
	const value = requireString(context, name, itemIndex, label);
	const number = parseWholeNumber(value);
	if (number === undefined || number <= 0) {
		throw inputError(context, itemIndex, `"${label}" must be a positive whole number, but it is "${value}"`);
	}
	return number;
}

/**
 * A required list of positive integer ids (e.g. order units), given as an array from an expression, a single
 * number, or a comma-separated text such as `12345, 12346` (surrounding brackets are allowed).
 */
export function requireIntegerIds(
	context: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): number[] {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const parts = Array.isArray(raw)
		? raw
		: String(raw ?? '')
				.trim()
				.replace(/^\[(.*)\]$/s, '$1')
				.split(',');
	const values = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!values.length) {
		throw inputError(context, itemIndex, `"${label}" is required: give at least one ID, e.g. 12345 or 12345, 12346`);
	}
	const invalid = values.filter((value) => !((parseWholeNumber(value) ?? 0) > 0));
	if (invalid.length) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be positive whole numbers separated by commas, but ${invalid.map((value) => `"${value}"`).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not`,
		);
	}
	return [...new Set(values.map(Number))];
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

/** An EAN/GTIN: 8 to 14 digits, kept as a string so leading zeros survive. */
export function requireEan(context: IExecuteFunctions, name: string, itemIndex: number, label = 'EAN'): string {
	const value = requireString(context, name, itemIndex, label);
	return checkEan(context, value, itemIndex, label);
}

export function checkEan(context: IExecuteFunctions, value: string, itemIndex: number, label = 'EAN'): string {
	if (!/^\d{8,14}$/.test(value)) {
		throw inputError(context, itemIndex, `"${label}" must be 8 to 14 digits, but it is "${value}"`);
	}
	return value;
}

/** A JSON parameter that must hold an object (or, with `array`, a list). */
export function parseJsonObject(
	context: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): IDataObject {
	const raw = context.getNodeParameter(name, itemIndex, '{}') as unknown;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		try {
			value = jsonParse(raw);
		} catch {
			throw inputError(context, itemIndex, `"${label}" is not valid JSON`);
		}
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw inputError(context, itemIndex, `"${label}" must be a JSON object, like {"title": ["My product"]}`);
	}
	return value as IDataObject;
}

/** An n8n binary property of the current item, as bytes with its file name and MIME type. */
export async function readBinary(
	context: IExecuteFunctions,
	itemIndex: number,
	propertyName: unknown,
	label = 'Input Binary Field',
): Promise<{ data: Buffer; fileName?: string; mimeType: string }> {
	const name = propertyName === undefined || propertyName === null ? '' : String(propertyName).trim();
	const item = context.getInputData()[itemIndex];
	if (!name || !item?.binary?.[name]) {
		const available = Object.keys(item?.binary ?? {});
		throw inputError(
			context,
			itemIndex,
			`"${label}": the item has no binary property "${name}"`,
			available.length
				? `Binary properties on this item: ${available.join(', ')}`
				: 'This item has no binary data at all.',
		);
	}
	const binary = context.helpers.assertBinaryData(itemIndex, name);
	const data = await context.helpers.getBinaryDataBuffer(itemIndex, name);
	return { data, fileName: binary.fileName, mimeType: binary.mimeType };
}

/** Drops undefined and empty-string values from an options collection before it becomes a query or body. */
export function compact(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result;
}

/** An absolute http(s) address, such as a callback URL. */
export function checkHttpUrl(context: IExecuteFunctions, value: string, itemIndex: number, label: string): string {
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a full web address starting with http:// or https://, but it is "${value}"`,
		);
	}
	return value;
}

/**
 * One e-mail address (no display name, no list), as the source of a RegExp without anchors: the trigger's form
 * tests it in the editor too (a display condition), so it stays a plain string.
 */
export const EMAIL_ADDRESS_PATTERN = '[^@\\s,;<>]+@[^@\\s,;<>]+\\.[^@\\s,;<>.]{2,}';
const EMAIL_ADDRESS = new RegExp(`^${EMAIL_ADDRESS_PATTERN}$`);

export function isEmailAddress(value: string): boolean {
	return EMAIL_ADDRESS.test(value);
}

/** An e-mail address (one address, no display name). */
export function checkEmail(context: IExecuteFunctions, value: string, itemIndex: number, label: string): string {
	if (!isEmailAddress(value)) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be an e-mail address like name@example.com, but it is "${value}"`,
		);
	}
	return value;
}

/** A country as the API takes it: a two-letter ISO code (upper-cased), or the API's own `DE-Islands`. */
export function checkCountryCode(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
): string | undefined {
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (!text) return undefined;
	if (/^de-islands$/i.test(text)) return 'DE-Islands';
	if (!/^[A-Za-z]{2}$/.test(text)) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a two-letter country code such as DE, but it is "${text}"`,
		);
	}
	return text.toUpperCase();
}

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
