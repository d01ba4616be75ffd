/**
 * Secrets out of every text that leaves the package: error messages and descriptions, logs, and the raw answers n8n
 * stores with an error. Both API versions and both triggers use it.
 */

const REDACTED = '[redacted]';

/** `scheme://user:password@` in a text: the user information of an address, e.g. a Base URL written with it. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]*@/gi;

/** Header names whose values are secrets; a time stamp's value is no secret, and it says when the clock is wrong. */
const SECRET_HEADER = /\b((?:hm|shop)-(?![a-z-]*timestamp\b)[a-z0-9-]+)(["']?\s*[:=]\s*["']?)[^\r\n,;&"']+/gi;

/** The shortest credential value that is redacted wherever it appears (shorter ones would cut up ordinary words). */
const MIN_LITERAL_LENGTH = 4;

/**
 * Removes credentials from text that came from outside (API error messages, addresses): first the literal
 * `secrets` (the values of the credential fields, see credentialSecrets), then whatever looks like a credential:
 * the user information of an address (`https://user:password@`), 32- and 64-character hex strings (client keys,
 * secret keys, signatures), the values of `access_token`, `key`, `token` and `signature` query parameters, and the
 * values of `HM-…` and `Shop-…` headers other than the time stamps.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
	let result = text;
	for (const secret of secrets) if (secret.length >= MIN_LITERAL_LENGTH) result = result.split(secret).join(REDACTED);
	return result
		.replace(USERINFO, `$1${REDACTED}@`)
		.replace(SECRET_HEADER, `$1$2${REDACTED}`)
		.replace(/([?&](?:access_token|key|token|signature)=)[^&#\s"'<>]*/gi, `$1${REDACTED}`)
		.replace(/(?<![0-9a-f])(?:[0-9a-f]{64}|[0-9a-f]{32})(?![0-9a-f])/gi, REDACTED);
}

/** The names of the credential fields (of either API version) whose values are secrets or may hold them. */
const SECRET_CREDENTIAL_FIELDS = ['clientKey', 'secretKey', 'partnerClientKey', 'partnerSecretKey'];

/**
 * The literal values to redact for a set of credentials: every key (as typed and trimmed), and the user name and
 * password of a Base URL written with them (as typed and decoded), so that no error, log line or output shows them.
 */
export function credentialSecrets(credentials: Record<string, unknown> | undefined): string[] {
	if (!credentials) return [];
	const values: string[] = [];
	const add = (value: unknown) => {
		if (typeof value !== 'string') return;
		values.push(value, value.trim());
		try {
			values.push(decodeURIComponent(value));
		} catch {
			// not percent-encoded text: the value as typed is enough
		}
	};
	SECRET_CREDENTIAL_FIELDS.forEach((field) => add(credentials[field]));
	const userinfo = /^\s*[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(String(credentials.baseUrl ?? ''))?.[1];
	if (userinfo) {
		add(userinfo);
		userinfo.split(':').forEach(add);
	}
	// Longest first, so that a value containing another is removed whole.
	return [...new Set(values.filter((value) => value.length >= MIN_LITERAL_LENGTH))].sort((a, b) => b.length - a.length);
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
	if (typeof value === 'string') return redactSecrets(value, secrets);
	if (Array.isArray(value)) return value.map((entry) => redactValue(entry, secrets));
	if (value && typeof value === 'object' && !(value instanceof Error)) {
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, redactValue(entry, secrets)]));
	}
	return value;
}

/**
 * Redacts, in place, every text of an error that n8n shows, logs or stores: message, description, messages, the
 * raw response, the stack (which repeats the message) and the reason a headline is built from.
 */
export function redactError<T extends Error>(error: T, secrets: readonly string[] = []): T {
	const target = error as T & {
		description?: unknown;
		messages?: unknown;
		errorResponse?: unknown;
		reason?: unknown;
	};
	target.message = redactSecrets(target.message, secrets);
	if (typeof target.stack === 'string') target.stack = redactSecrets(target.stack, secrets);
	if (typeof target.description === 'string') target.description = redactSecrets(target.description, secrets);
	if (Array.isArray(target.messages)) target.messages = redactValue(target.messages, secrets);
	if (target.errorResponse) target.errorResponse = redactValue(target.errorResponse, secrets);
	// An OperationFailure's reason, from which its headline is built.
	if ('reason' in target && typeof target.reason === 'string') target.reason = redactSecrets(target.reason, secrets);
	return error;
}
