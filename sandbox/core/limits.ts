/**
 * Bounds that keep the sandbox answering whatever it is sent: request body size, JSON depth, and what the
 * request log keeps.
 */
import type http from 'http';
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** deep enough for every API shape (product data is 3 levels), shallow enough for any recursive walk */
export const MAX_JSON_DEPTH = 32;
/** a log entry keeps this much of a body ... */
export const LOG_BODY_BYTES = 64 * 1024;
/** ... and the whole log at most this much, the oldest entries going first */
export const LOG_TOTAL_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_REQUEST_LOG_LIMIT = 10_000;

export interface ReceivedBody {
	raw: Buffer;
	/** bytes received; above MAX_BODY_BYTES none were kept */
	bytes: number;
	tooLarge: boolean;
}

/**
 * Reads a request body, keeping at most MAX_BODY_BYTES. The rest of a larger one is read and dropped, and
 * only then is it answered (413): a client still sending when the connection closes would see a broken pipe
 * instead of the answer.
 */
export function readBody(req: http.IncomingMessage): Promise<ReceivedBody> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let bytes = 0;
		req.on('data', (chunk: Buffer) => {
			bytes += chunk.length;
			if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
			else chunks.length = 0;
		});
		req.on('end', () => {
			const tooLarge = bytes > MAX_BODY_BYTES;
			resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), bytes, tooLarge });
		});
		req.on('error', reject);
	});
}

export const tooLargeError = () =>
	new ApiError(413, `Request body is larger than 10 MiB (${MAX_BODY_BYTES} bytes); the sandbox does not take it`);

/** Whether JSON text nests deeper than `limit`, found by counting brackets (no parsing, no recursion). */
export function nestsDeeperThan(text: string, limit: number): boolean {
	let depth = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (inString) {
			if (c === 0x5c)
				i++; // backslash: skip the escaped character
			else if (c === 0x22) inString = false;
		} else if (c === 0x22) inString = true;
		else if (c === 0x5b || c === 0x7b) {
			if (++depth > limit) return true;
		} else if (c === 0x5d || c === 0x7d) depth--;
	}
	return false;
}

/** JSON.parse with the depth bound; 400 for text that is not JSON or nested too deep. */
export function parseJson(text: string): unknown {
	if (nestsDeeperThan(text, MAX_JSON_DEPTH))
		throw badRequest(`JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
	try {
		return JSON.parse(text);
	} catch {
		throw badRequest('Can not decode body');
	}
}

/** What the request log keeps of a body: all of it up to LOG_BODY_BYTES, else the start and a marker. */
export function loggedBody(body: ReceivedBody): { body: string; bodyTruncated?: true } {
	if (!body.tooLarge && body.raw.length <= LOG_BODY_BYTES) return { body: body.raw.toString('utf8') };
	const kept = body.raw.subarray(0, LOG_BODY_BYTES).toString('utf8');
	return {
		body: `${kept}\n[sandbox: body cut after ${Math.min(body.raw.length, LOG_BODY_BYTES)} of ${body.bytes} bytes]`,
		bodyTruncated: true,
	};
}
