import { redactSecrets } from '../core/redaction';
import { computeSignature } from '../core/signature';
import {
	CredentialProblemError,
	fixWireRequest,
	withSignedHeaders,
	type QueryForm,
	type SignableRequest,
} from '../core/signing';

/** The package's name and version: the default User-Agent, which API v2 requires on every request (kept in sync with package.json by a test). */
export const DEFAULT_USER_AGENT = 'n8n-nodes-seller-marketplace/0.1.0';

export const DEFAULT_BASE_URL = 'https://sellerapi.kaufland.com/v2';

/**
 * How API v2 wants its query. Written as PHP's `http_build_query` writes it (space as `+`,
 * `,` as `%2C`): the form of the marketplace's own code examples and SDKs, and so the bytes that get signed.
 * `embedded` goes as one comma-separated list, as its descriptions and the official examples give it
 * (`embedded=category%2Cunits`), although its OpenAPI schema (an array with the default style) means repeated
 * keys; a PHP server would keep only the last of those. Every other array goes as repeated keys: the
 * OpenAPI's default form, and the one the voucher filters are documented with (`?status=active&status=new`).
 * The exceptions are listed in sandbox/v2/documented-exceptions.json.
 */
export const V2_QUERY_FORM: QueryForm = {
	arrayForm: (key) => (key === 'embedded' ? 'comma' : 'repeat'),
	phpStyle: true,
};

export const CLIENT_KEY_LENGTH = 32;
export const SECRET_KEY_LENGTH = 64;

/** `Shop-Signature` (and, keyed with the partner secret, `Shop-Partner-Signature`) is computed as in API v1. */
export { computeSignature, CredentialProblemError, type SignableRequest };

/** The fields of the v2 credentials that signing reads. */
export interface V2SigningCredentials {
	clientKey?: unknown;
	secretKey?: unknown;
	baseUrl?: unknown;
	userAgent?: unknown;
	partnerClientKey?: unknown;
	partnerSecretKey?: unknown;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/**
 * The API's base URL, normalised (no trailing slash), or a message saying why it cannot be used: it must be an
 * https address ending in /v2; plain http is only allowed on this machine (the sandbox), where nothing can
 * listen in.
 */
export function parseBaseUrl(value: unknown): { baseUrl: string } | { problem: string } {
	const raw = text(value);
	let url: URL | undefined;
	try {
		url = new URL(raw);
	} catch {
		url = undefined;
	}
	if (!url || url.search || url.hash || url.username || url.password || !/\/v2\/?$/.test(url.pathname)) {
		return {
			problem: `The Base URL must be an address ending in /v2, such as ${DEFAULT_BASE_URL}, without a user name or password (got "${redactSecrets(raw)}").`,
		};
	}
	const loopback = LOOPBACK_HOSTS.has(url.hostname);
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
		return {
			problem: `The Base URL must start with https:// (got "${redactSecrets(raw)}"). Plain http:// is only allowed for an address on this machine (127.0.0.1, localhost or [::1]).`,
		};
	}
	return { baseUrl: url.href.replace(/\/+$/, '') };
}

/** Returns a message describing what is wrong with the credentials, or undefined when they look usable. */
export function describeCredentialProblem(credentials: V2SigningCredentials): string | undefined {
	const clientKey = text(credentials.clientKey);
	const secretKey = text(credentials.secretKey);
	if (clientKey.length !== CLIENT_KEY_LENGTH) {
		return `The Client Key must be ${CLIENT_KEY_LENGTH} characters long, but it has ${clientKey.length}. Copy it again from the API settings of the Seller Portal.`;
	}
	if (secretKey.length !== SECRET_KEY_LENGTH) {
		return `The Secret Key must be ${SECRET_KEY_LENGTH} characters long, but it has ${secretKey.length}. Copy it again from the API settings of the Seller Portal.`;
	}
	if (!text(credentials.userAgent)) {
		return `The User-Agent cannot be empty: API v2 requires it on every request. Keep the default ("${DEFAULT_USER_AGENT}") or name your integration.`;
	}
	if (/[\r\n]/.test(String(credentials.userAgent))) {
		return 'The User-Agent must be a single line of text.';
	}
	const partnerKey = text(credentials.partnerClientKey);
	const partnerSecret = text(credentials.partnerSecretKey);
	if (Boolean(partnerKey) !== Boolean(partnerSecret)) {
		return 'Partner Client Key and Partner Secret Key go together: fill in both (partners only) or leave both empty.';
	}
	const base = parseBaseUrl(credentials.baseUrl);
	return 'problem' in base ? base.problem : undefined;
}

/**
 * Signs request options for API v2: the wire request (absolute URL with its query, body bytes) is fixed
 * once, refused unless it goes to the Base URL, then signed with the `Shop-` headers over exactly those bytes,
 * and with the partner pair when partner keys are set.
 */
export function signRequestOptions<T extends SignableRequest>(
	credentials: V2SigningCredentials,
	request: T,
	timestamp: number,
): T {
	const problem = describeCredentialProblem(credentials);
	if (problem) throw new CredentialProblemError(problem);
	const base = parseBaseUrl(credentials.baseUrl) as { baseUrl: string };
	const wire = fixWireRequest(request, base.baseUrl, V2_QUERY_FORM);
	const body = wire.body ?? '';
	const headers: Record<string, string> = {
		Accept: 'application/json',
		'User-Agent': text(credentials.userAgent),
		'Shop-Client-Key': text(credentials.clientKey),
		'Shop-Timestamp': String(timestamp),
		'Shop-Signature': computeSignature(text(credentials.secretKey), wire.method, wire.url, body, timestamp),
	};
	const partnerKey = text(credentials.partnerClientKey);
	if (partnerKey) {
		headers['Shop-Partner-Client-Key'] = partnerKey;
		headers['Shop-Partner-Signature'] = computeSignature(
			text(credentials.partnerSecretKey),
			wire.method,
			wire.url,
			body,
			timestamp,
		);
	}
	return withSignedHeaders(request, wire, headers);
}
