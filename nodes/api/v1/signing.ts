import { redactSecrets } from '../core/redaction';
import { computeSignature } from '../core/signature';
import { CredentialProblemError, fixWireRequest, withSignedHeaders, type SignableRequest } from '../core/signing';

/** The package's name and version, sent as the User-Agent of every request (kept in sync with package.json by a test). */
export const USER_AGENT = 'n8n-nodes-seller-marketplace/0.1.0';

export const CLIENT_KEY_LENGTH = 32;
export const SECRET_KEY_LENGTH = 64;

export { computeSignature, CredentialProblemError, type SignableRequest };
export { appendQuery, buildQueryString, encodeComponent, joinUrl } from '../core/signing';

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
		return `The Base URL must be an http(s) address ending in /v1, such as https://www.kaufland.de/api/v1 (got "${redactSecrets(baseUrl)}").`;
	}
	if (/^https?:\/\/[^/?#]*@/i.test(baseUrl)) {
		return `The Base URL must not hold a user name or password: the API takes its keys only (got "${redactSecrets(baseUrl)}").`;
	}
	return undefined;
}

/**
 * Signs request options for API v1: the wire request is fixed once (see fixWireRequest), then signed with
 * the HM- headers over exactly those bytes.
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

	const wire = fixWireRequest(request, apiBase);
	return withSignedHeaders(request, wire, {
		Accept: 'application/json',
		'User-Agent': USER_AGENT,
		'HM-Client': clientKey,
		'HM-Timestamp': String(timestamp),
		'HM-Signature': computeSignature(secretKey, wire.method, wire.url, wire.body ?? '', timestamp),
	});
}

/**
 * Requests use HTTPS only (the spec, Authentication rule 2); plain http is allowed for a loopback address,
 * which is where the local sandbox runs. Returns what is wrong, or undefined. The message shows the scheme,
 * host and path only, never credentials written into the URL, and never the keys.
 */
export function describeInsecureBaseUrl(credentials: {
	clientKey?: unknown;
	secretKey?: unknown;
	baseUrl?: unknown;
}): string | undefined {
	let url: URL;
	try {
		url = new URL(String(credentials.baseUrl ?? '').trim());
	} catch {
		return undefined; // not a URL at all: the format check explains that
	}
	if (url.protocol !== 'http:') return undefined;
	const host = url.hostname.replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return undefined;
	let shown = `http://${url.host}${url.pathname}`;
	for (const key of [credentials.clientKey, credentials.secretKey]) {
		const text = String(key ?? '').trim();
		if (text.length >= 8) shown = shown.split(text).join('…');
	}
	return (
		`The Base URL must start with https://, because the API takes requests over HTTPS only (got ${shown}). ` +
		'Plain http is allowed only for an address on this machine (127.0.0.1, localhost or [::1]).'
	);
}

/** What the credential's `authenticate` does: refuse an insecure Base URL, then sign. */
export function authenticateRequest<T extends SignableRequest>(
	credentials: { clientKey?: unknown; secretKey?: unknown; baseUrl?: unknown },
	request: T,
	timestamp: number,
): T {
	const insecure = describeInsecureBaseUrl(credentials);
	if (insecure) throw new CredentialProblemError(insecure);
	return signRequestOptions(credentials, request, timestamp);
}
