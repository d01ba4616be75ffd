import { createHmac } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

/** The package's name and version, sent as the User-Agent of every request (kept in sync with package.json by a test). */
export const USER_AGENT = 'n8n-nodes-seller-marketplace/0.1.0';

export const CLIENT_KEY_LENGTH = 32;
export const SECRET_KEY_LENGTH = 64;

/**
 * Percent-encodes a query or path component the strict RFC 3986 way.
 * encodeURIComponent leaves `!'()*` alone; WHATWG URL parsing (which axios applies before sending) would
 * re-encode `'` in a query, so the signed URL would no longer equal the URL on the wire.
 */
export function encodeComponent(value: string): string {
	return encodeURIComponent(value).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}

/**
 * Serialises a query object into `a=1&b=x%2Cy`, keeping the key order.
 * Arrays become comma-separated lists (the API's convention for multi-value filters);
 * undefined, null and empty strings are left out so that empty optional filters are not sent.
 */
export function buildQueryString(query: IDataObject | undefined): string {
	if (!query) return '';
	const pairs: string[] = [];
	for (const [key, raw] of Object.entries(query)) {
		if (raw === undefined || raw === null || raw === '') continue;
		const value = Array.isArray(raw) ? raw.map(String).join(',') : String(raw);
		if (Array.isArray(raw) && value === '') continue;
		pairs.push(`${encodeComponent(key)}=${encodeComponent(value)}`);
	}
	return pairs.join('&');
}

/** Joins a base URL and a path the way axios does: exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function appendQuery(url: string, queryString: string): string {
	if (!queryString) return url;
	return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}

/**
 * The HM-Signature value: lowercase hex HMAC-SHA256, keyed with the secret key as plain text, of
 * `METHOD\nFULL_URL\nBODY\nTIMESTAMP`. The body is hashed as bytes so binary-safe content signs exactly as sent.
 */
export function computeSignature(
	secretKey: string,
	method: string,
	url: string,
	body: string | Buffer,
	timestamp: number | string,
): string {
	return createHmac('sha256', secretKey)
		.update(`${method.toUpperCase()}\n${url}\n`)
		.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
		.update(`\n${timestamp}`)
		.digest('hex');
}

/** Returns a message describing what is wrong with the credentials, or undefined when they look usable. */
export function describeCredentialProblem(credentials: {
	clientKey?: unknown;
	secretKey?: unknown;
	baseUrl?: unknown;
}): string | undefined {
	const clientKey = String(credentials.clientKey ?? '').trim();
	const secretKey = String(credentials.secretKey ?? '').trim();
	const baseUrl = String(credentials.baseUrl ?? '').trim();
	if (clientKey.length !== CLIENT_KEY_LENGTH) {
		return `The Client Key must be ${CLIENT_KEY_LENGTH} characters long, but it has ${clientKey.length}. Copy it again from the seller account's API settings.`;
	}
	if (secretKey.length !== SECRET_KEY_LENGTH) {
		return `The Secret Key must be ${SECRET_KEY_LENGTH} characters long, but it has ${secretKey.length}. Copy it again from the seller account's API settings.`;
	}
	if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?\/v1\/?$/i.test(baseUrl)) {
		return `The Base URL must be an http(s) address ending in /v1, such as https://www.kaufland.de/api/v1 (got "${baseUrl}").`;
	}
	return undefined;
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
}

function bodyBytes(body: unknown): Buffer | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	if (Buffer.isBuffer(body)) return body.length ? body : undefined;
	if (typeof body === 'string') return Buffer.from(body, 'utf8');
	if (typeof body === 'object' && Object.keys(body as object).length === 0) return undefined;
	return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * Rewrites request options so that what is signed is byte-identical to what goes on the wire.
 *
 * n8n serialises `qs` and object bodies only after `authenticate` has run, and differently from any
 * serialiser we could mirror. So the absolute URL (query included) and the body bytes are fixed here, signed,
 * and handed back with nothing left for n8n to serialise. This covers the node's own transport (relative url,
 * query already in it), the credential test (baseURL + url + qs object) and n8n's HTTP Request node
 * (`url` or legacy `uri`, object body and qs).
 */
export function signRequestOptions<T extends SignableRequest>(
	credentials: { clientKey?: unknown; secretKey?: unknown; baseUrl?: unknown },
	request: T,
	timestamp: number,
): T {
	const problem = describeCredentialProblem(credentials);
	if (problem) throw new CredentialProblemError(problem);
	const clientKey = String(credentials.clientKey).trim();
	const secretKey = String(credentials.secretKey).trim();
	const apiBase = new URL(String(credentials.baseUrl).trim().replace(/\/+$/, '')).href;

	const target = request.uri ?? request.url ?? '';
	const queryString = buildQueryString(request.qs);
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

	const method = (request.method ?? 'GET').toUpperCase();
	const body = bodyBytes(request.body);
	const headers: IDataObject = { ...(request.headers ?? {}) };
	for (const name of Object.keys(headers)) {
		if (/^(hm-client|hm-timestamp|hm-signature|accept|user-agent)$/i.test(name)) delete headers[name];
		if (body && /^content-type$/i.test(name)) delete headers[name];
	}
	Object.assign(headers, {
		Accept: 'application/json',
		'User-Agent': USER_AGENT,
		'HM-Client': clientKey,
		'HM-Timestamp': String(timestamp),
		'HM-Signature': computeSignature(secretKey, method, url, body ?? '', timestamp),
	});
	if (body) headers['Content-Type'] = 'application/json';

	const signed: T = { ...request, method, headers, body, qs: undefined, baseURL: undefined };
	if (request.uri !== undefined) signed.uri = url;
	else signed.url = url;
	return signed;
}
