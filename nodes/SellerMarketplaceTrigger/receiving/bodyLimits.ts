/**
 * Limits of a notification body, checked on the raw bytes before anything is parsed, read or run.
 * A notification is a few hundred bytes (four fields, `payload` a string); these bounds are generous for
 * that and keep out bodies n8n could not store or serialise (JSON.stringify recurses, so a deeply nested
 * payload would break the execution after it started).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 32;

export interface BodyLimits {
	maxBytes: number;
	maxDepth: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests objects and arrays more than `limit` levels, brackets inside strings not counted.
 * A single pass over the bytes, no recursion and no parsing, so any input is safe to check. (UTF-8
 * continuation bytes are never ASCII, so scanning bytes is exact for valid JSON.)
 */
export function nestsDeeperThan(raw: Buffer, limit: number): boolean {
	let depth = 0;
	let inString = false;
	let escaped = false;
	for (const byte of raw) {
		if (inString) {
			if (escaped) escaped = false;
			else if (byte === BACKSLASH) escaped = true;
			else if (byte === QUOTE) inString = false;
		} else if (byte === QUOTE) {
			inString = true;
		} else if (OPENERS.has(byte)) {
			depth++;
			if (depth > limit) return true;
		} else if (CLOSERS.has(byte)) {
			depth--;
		}
	}
	return false;
}

/** What is wrong with the body's size or nesting, or undefined when it is within the limits. */
export function bodyLimitProblem(
	raw: Buffer,
	limits: BodyLimits = { maxBytes: MAX_BODY_BYTES, maxDepth: MAX_JSON_DEPTH },
): string | undefined {
	if (raw.length > limits.maxBytes) return `the body is larger than ${limits.maxBytes} bytes`;
	if (nestsDeeperThan(raw, limits.maxDepth)) return `the body is nested more than ${limits.maxDepth} levels deep`;
	return undefined;
}

/**
 * The first member name the top-level object of valid JSON text has twice, if any. JSON.parse keeps the last
 * of them, while another reader may keep the first: a body naming e.g. its storefront twice means two things.
 * One pass over the text (valid JSON, as JSON.parse already accepted it), names decoded as JSON strings.
 */
export function repeatedTopLevelName(text: string): string | undefined {
	if (!text.trimStart().startsWith('{')) return undefined;
	const names = new Set<string>();
	let depth = 0;
	let expectName = false;
	for (let at = 0; at < text.length; at++) {
		const char = text[at];
		if (char === '"') {
			let end = at + 1;
			while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
			if (depth === 1 && expectName) {
				const name = JSON.parse(text.slice(at, end + 1)) as string;
				if (names.has(name)) return name;
				names.add(name);
				expectName = false;
			}
			at = end;
		} else if (char === '{' || char === '[') {
			depth++;
			expectName = depth === 1 && char === '{';
		} else if (char === '}' || char === ']') {
			depth--;
		} else if (char === ',' && depth === 1) {
			expectName = true;
		}
	}
	return undefined;
}
