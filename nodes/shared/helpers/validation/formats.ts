/** Values with a format of their own: EAN, web address, e-mail address, country code. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../inputError';
import { requireString } from './parameters';

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
