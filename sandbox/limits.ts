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
	/** bytes announced or received; above MAX_BODY_BYTES the rest was not kept */
	bytes: number;
	tooLarge: boolean;
}

/**
 * Reads a request body up to MAX_BODY_BYTES. A larger one resolves at once as `tooLarge` (so the 413 goes
 * out while the client is still sending); what follows is read and dropped.
 */
export function readBody(req: http.IncomingMessage): Promise<ReceivedBody> {
	return new Promise((resolve, reject) => {
		const announced = Number(req.headers['content-length'] ?? 0);
		if (announced > MAX_BODY_BYTES) {
			req.resume();
			resolve({ raw: Buffer.alloc(0), bytes: announced, tooLarge: true });
			return;
		}
		const chunks: Buffer[] = [];
		let bytes = 0;
		let done = false;
		req.on('data', (chunk: Buffer) => {
			bytes += chunk.length;
			if (done) return;
			if (bytes > MAX_BODY_BYTES) {
				done = true;
				chunks.length = 0;
				resolve({ raw: Buffer.alloc(0), bytes, tooLarge: true });
			} else chunks.push(chunk);
		});
		req.on('end', () => {
			if (!done) resolve({ raw: Buffer.concat(chunks), bytes, tooLarge: false });
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
			if (c === 0x5c) i++; // backslash: skip the escaped character
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
	if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest(`JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
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
	return { body: `${kept}\n[sandbox: body cut after ${Math.min(body.raw.length, LOG_BODY_BYTES)} of ${body.bytes} bytes]`, bodyTruncated: true };
}
