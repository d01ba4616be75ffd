import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * What both API versions sign alike: the exact URL and body bytes that go on the wire.
 * Each version's credentials add their own header names and string to sign.
 */

/**
 * Percent-encodes a query or path component the strict RFC 3986 way.
 * encodeURIComponent leaves `!'()*` alone; WHATWG URL parsing (which axios applies before sending) would
 * re-encode `'` in a query, so the signed URL would no longer equal the URL on the wire.
 */
export function encodeComponent(value: string): string {
	return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** How an API wants its query written; each API version has one (see its transport). */
export interface QueryForm {
	/** How an array goes in: one comma-separated value (`a=1%2C2`) or the key repeated (`a=1&a=2`). */
	arrayForm(key: string): 'comma' | 'repeat';
	/**
	 * Space as `+` and `~` as `%7E`, as PHP's `http_build_query` (RFC 1738) writes a query; otherwise the strict
	 * RFC 3986 form (space as `%20`).
	 */
	phpStyle: boolean;
}

/** API v1: arrays as comma-separated lists, RFC 3986 escapes (its documentation says no more). */
export const COMMA_LIST_QUERY: QueryForm = { arrayForm: () => 'comma', phpStyle: false };

/** One query key or value, escaped as the form asks. */
export function encodeQueryComponent(value: string, form: QueryForm): string {
	const strict = encodeComponent(value);
	return form.phpStyle ? strict.replace(/%20/g, '+').replace(/~/g, '%7E') : strict;
}

/**
 * Serialises a query object into `a=1&b=x%2Cy`, keeping the key order, in the API's form (see QueryForm);
 * undefined, null and empty strings are left out so that empty optional filters are not sent.
 */
export function buildQueryString(query: IDataObject | undefined, form: QueryForm = COMMA_LIST_QUERY): string {
	if (!query) return '';
	const pairs: string[] = [];
	const pair = (key: string, value: string) =>
		pairs.push(`${encodeQueryComponent(key, form)}=${encodeQueryComponent(value, form)}`);
	for (const [key, raw] of Object.entries(query)) {
		if (raw === undefined || raw === null || raw === '') continue;
		if (Array.isArray(raw)) {
			const values = raw.map(String).filter((value) => value !== '');
			if (!values.length) continue;
			if (form.arrayForm(key) === 'repeat') values.forEach((value) => pair(key, value));
			else pair(key, values.join(','));
			continue;
		}
		pair(key, String(raw));
	}
	return pairs.join('&');
}

/**
 * Whether a value, percent-encoded, stays one path segment that URL parsing leaves alone. `.` and `..` are
 * never encoded, so `/tickets/../close/` would become `/close/`; an empty value would merge two slashes.
 */
export function isStablePathSegment(value: string): boolean {
	if (value === '' || value === '.' || value === '..') return false;
	const segment = encodeComponent(value);
	return new URL(`http://host/${segment}/`).pathname === `/${segment}/`;
}

/** Joins a base URL and a path the way axios does: exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function appendQuery(url: string, queryString: string): string {
	if (!queryString) return url;
	return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}

/** Lowercase hex HMAC-SHA256 of the given parts, each hashed as bytes, keyed with the secret as text. */
export function hmacHex(secret: string, ...parts: Array<string | Buffer>): string {
	const hmac = createHmac('sha256', secret);
	for (const part of parts) hmac.update(typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
	return hmac.digest('hex');
}

/** Thrown when the credentials cannot sign a request; the transport turns it into a clear node error. */
export class CredentialProblemError extends Error {
	readonly isCredentialProblem = true;
}

export interface SignableRequest {
	method?: string;
	url?: string;
	uri?: string;
	baseURL?: string;
	qs?: IDataObject;
	body?: unknown;
	headers?: IDataObject;
	/** n8n's httpRequest: no redirect is followed. */
	disableFollowRedirect?: boolean;
	/** The legacy request options (n8n's HTTP Request node): no redirect is followed. */
	followRedirect?: boolean;
	followAllRedirects?: boolean;
	maxRedirects?: number;
}

function bodyBytes(body: unknown): Buffer | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (Buffer.isBuffer(body)) return body.length ? body : undefined;
	if (typeof body === 'string') return Buffer.from(body, 'utf8');
	if (typeof body === 'object' && Object.keys(body as object).length === 0) return undefined;
	return Buffer.from(JSON.stringify(body), 'utf8');
}

export interface WireRequest {
	method: string;
	/** The absolute URL, query included, exactly as it goes on the wire. */
	url: string;
	body?: Buffer;
}

/**
 * Fixes the absolute URL (query included) and the body bytes of a request, so that what is signed is
 * byte-identical to what goes on the wire, and refuses any URL outside `apiBase`.
 *
 * n8n serialises `qs` and object bodies only after `authenticate` has run, and differently from any
 * serialiser we could mirror. This covers the node's own transport (relative url, query already in it), the
 * credential test (baseURL + url + qs object) and n8n's HTTP Request node (`url` or legacy `uri`, object body
 * and qs).
 */
export function fixWireRequest(
	request: SignableRequest,
	apiBase: string,
	form: QueryForm = COMMA_LIST_QUERY,
): WireRequest {
	const target = request.uri ?? request.url ?? '';
	const queryString = buildQueryString(request.qs, form);
	const absolute = /^https?:\/\//i.test(target)
		? appendQuery(target, queryString)
		: appendQuery(joinUrl(request.baseURL ?? apiBase, target), queryString);
	// WHATWG normalisation (host case, default port) is what axios applies before sending.
	const url = new URL(absolute).href;
	if (!url.startsWith(`${apiBase}/`)) {
		throw new CredentialProblemError(
			`These credentials only sign requests to ${apiBase}/, not to ${new URL(url).origin}${new URL(url).pathname}.`,
		);
	}
	return { method: (request.method ?? 'GET').toUpperCase(), url, body: bodyBytes(request.body) };
}

/**
 * Hands the fixed request back with the signed headers, nothing left for n8n to serialise, and redirects
 * switched off: a redirect would carry the signed headers to wherever it points, even another host.
 */
export function withSignedHeaders<T extends SignableRequest>(
	request: T,
	wire: WireRequest,
	signedHeaders: IDataObject,
): T {
	const headers: IDataObject = { ...(request.headers ?? {}) };
	const replaced = new Set(Object.keys(signedHeaders).map((name) => name.toLowerCase()));
	for (const name of Object.keys(headers)) {
		if (replaced.has(name.toLowerCase())) delete headers[name];
		if (wire.body && /^content-type$/i.test(name)) delete headers[name];
	}
	Object.assign(headers, signedHeaders);
	if (wire.body) headers['Content-Type'] = 'application/json';
	const signed: T = {
		...request,
		method: wire.method,
		headers,
		body: wire.body,
		qs: undefined,
		baseURL: undefined,
		disableFollowRedirect: true,
		followRedirect: false,
		followAllRedirects: false,
		maxRedirects: 0,
	};
	if (request.uri !== undefined) signed.uri = wire.url;
	else signed.url = wire.url;
	return signed;
}
