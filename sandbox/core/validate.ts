/**
 * Small checkers for JSON request bodies. Every failure is a 400 naming the field, and unknown
 * fields are refused so a misspelt property shows up in tests instead of being silently ignored.
 */
import { badRequest } from './errors';

export type Check<T> = (value: unknown, field: string) => T;

const describe = (value: unknown) =>
	value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

export const string: Check<string> = (value, field) => {
	if (typeof value !== 'string') throw badRequest(`${field} must be a string, got ${describe(value)}`);
	return value;
};

export const nonEmptyString: Check<string> = (value, field) => {
	const text = string(value, field);
	if (text.trim() === '') throw badRequest(`${field} must not be empty`);
	return text;
};

export function minLength(min: number): Check<string> {
	return (value, field) => {
		const text = string(value, field);
		if (text.length < min) throw badRequest(`${field} must be at least ${min} characters long`);
		return text;
	};
}

export const boolean: Check<boolean> = (value, field) => {
	if (typeof value !== 'boolean') throw badRequest(`${field} must be a boolean, got ${describe(value)}`);
	return value;
};

export function integer(min = Number.MIN_SAFE_INTEGER, max?: number): Check<number> {
	return (value, field) => {
		if (typeof value !== 'number' || !Number.isInteger(value)) {
			throw badRequest(`${field} must be an integer, got ${JSON.stringify(value)}`);
		}
		if (max !== undefined && !(value >= min && value <= max))
			throw badRequest(`${field} must be an integer from ${min} to ${max}`);
		if (value < min) throw badRequest(`${field} must be at least ${min}`);
		return value;
	};
}

/** A finite number within [min, max]. */
export function numberIn(min: number, max: number): Check<number> {
	return (value, field) => {
		if (typeof value !== 'number') throw badRequest(`${field} must be a number, got ${describe(value)}`);
		if (!Number.isFinite(value)) throw badRequest(`${field} must be a finite number`);
		if (value < min || value > max) throw badRequest(`${field} must be between ${min} and ${max}`);
		return value;
	};
}

export function maxLength(max: number): Check<string> {
	return (value, field) => {
		const text = string(value, field);
		if (text.length > max) throw badRequest(`${field} must be at most ${max} characters long`);
		return text;
	};
}

/** A string matching `pattern`, described to the caller as `what`. */
export function matching(pattern: RegExp, what: string): Check<string> {
	return (value, field) => {
		const text = string(value, field);
		if (!pattern.test(text)) throw badRequest(`${field} must be ${what}`);
		return text;
	};
}

/** One of a fixed list; case and spaces matter, a near miss is suggested. */
export function oneOf(values: readonly string[], what = 'value'): Check<string> {
	return (value, field) => {
		const text = string(value, field);
		if (values.includes(text)) return text;
		const near = values.find((v) => v.toLowerCase().replace(/\s+/g, '') === text.toLowerCase().replace(/\s+/g, ''));
		const hint = near ? ` (did you mean '${near}'? values are case and space sensitive)` : '';
		throw badRequest(`${field} '${text}' is not a known ${what}${hint}`);
	};
}

export function arrayOf<T>(check: Check<T>, { nonEmpty = false } = {}): Check<T[]> {
	return (value, field) => {
		if (!Array.isArray(value)) throw badRequest(`${field} must be an array, got ${describe(value)}`);
		if (nonEmpty && value.length === 0) throw badRequest(`${field} must not be empty`);
		return value.map((entry, i) => check(entry, `${field}[${i}]`));
	};
}

/** An absolute http or https URL; returns it parsed. */
export const httpUrl: Check<URL> = (value, field) => {
	const text = string(value, field);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw badRequest(`${field} must be an absolute http(s) URL, got '${text}'`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`${field} must use http or https`);
	return url;
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const base64: Check<string> = (value, field) => {
	const text = nonEmptyString(value, field).replace(/\s+/g, '');
	if (!BASE64.test(text)) throw badRequest(`${field} must be base64-encoded data`);
	return text;
};

export function optional<T>(check: Check<T>): Check<T | undefined> {
	return (value, field) => (value === undefined ? undefined : check(value, field));
}

export function nullable<T>(check: Check<T>): Check<T | null> {
	return (value, field) => (value === null ? null : check(value, field));
}

export function object<S extends Record<string, Check<unknown>>>(
	shape: S,
): Check<{ [K in keyof S]: ReturnType<S[K]> }> {
	return (value, field) => {
		if (typeof value !== 'object' || value === null || Array.isArray(value)) {
			throw badRequest(`${field} must be a JSON object, got ${describe(value)}`);
		}
		const record = value as Record<string, unknown>;
		const unknown = Object.keys(record).filter((key) => !Object.hasOwn(shape, key));
		if (unknown.length > 0) {
			throw badRequest(
				`${field} has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}; ` +
					`accepted: ${Object.keys(shape).join(', ')}`,
			);
		}
		const result: Record<string, unknown> = {};
		for (const [key, check] of Object.entries(shape)) {
			if (!(key in record) && !isOptional(check, `${field}.${key}`)) {
				throw badRequest(`${field === 'body' ? '' : field + '.'}${key} is required`);
			}
			result[key] = check(record[key], field === 'body' ? key : `${field}.${key}`);
		}
		return result as { [K in keyof S]: ReturnType<S[K]> };
	};
}

/** A check is optional when it accepts `undefined`. */
function isOptional(check: Check<unknown>, field: string): boolean {
	try {
		check(undefined, field);
		return true;
	} catch {
		return false;
	}
}

/** Checks a whole request body. */
export function parseBody<S extends Record<string, Check<unknown>>>(body: unknown, shape: S) {
	return object(shape)(body, 'body');
}
