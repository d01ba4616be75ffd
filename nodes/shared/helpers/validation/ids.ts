/** IDs: the forms a locator's By ID mode accepts, and the checks that an ID can go into a request path. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { isStablePathSegment } from '../../../api/core/signing';
import { inputError } from '../inputError';
import { parseWholeNumber } from './numbers';
import { requireString } from './parameters';

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
