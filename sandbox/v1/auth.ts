/**
 * API v1 request authentication: `HM-Client`, `HM-Timestamp`, `HM-Signature` and `Accept`.
 *
 * Signed string: METHOD \n http://<Host header><raw request-target> \n RAW_BODY \n HM-Timestamp
 * (`signature` in ../core/auth.ts).
 */
import { constantTimeEqual, signature } from '../core/auth';

export interface AuthInput {
	method: string;
	/** request-target exactly as on the request line, e.g. '/api/v1/orders/seller/?limit=5' */
	rawUrl: string;
	headers: Record<string, string | undefined>;
	rawBody: Buffer;
}

export interface AuthConfig {
	clientKey: string;
	secretKey: string;
	clockWindowSeconds: number;
	/** real time in ms (request timestamps are checked against the real clock) */
	now?: () => number;
}

export type AuthResult = { ok: true } | { ok: false; error: string };

const REQUIRED_HEADERS = ['HM-Client', 'HM-Timestamp', 'HM-Signature', 'Accept'];

export function verifyRequest(input: AuthInput, config: AuthConfig): AuthResult {
	const header = (name: string) => input.headers[name.toLowerCase()];
	for (const name of REQUIRED_HEADERS) {
		if (header(name) === undefined || header(name) === '') return { ok: false, error: `Missing ${name} header` };
	}
	const accept = header('Accept')!;
	if (!/application\/json|application\/\*|\*\/\*/.test(accept)) {
		return { ok: false, error: `Accept header must allow application/json, got '${accept}'` };
	}
	if (!constantTimeEqual(header('HM-Client')!, config.clientKey))
		return { ok: false, error: 'Unknown client key in HM-Client' };

	const timestamp = header('HM-Timestamp')!;
	if (!/^\d+$/.test(timestamp))
		return { ok: false, error: `HM-Timestamp must be Unix time in seconds, got '${timestamp}'` };
	const nowSeconds = Math.floor((config.now ?? Date.now)() / 1000);
	const skew = Number(timestamp) - nowSeconds;
	if (Math.abs(skew) > config.clockWindowSeconds) {
		return {
			ok: false,
			error: `HM-Timestamp ${timestamp} is ${Math.abs(skew)} s ${skew < 0 ? 'behind' : 'ahead of'} the server clock (allowed: ${config.clockWindowSeconds} s)`,
		};
	}

	const given = header('HM-Signature')!;
	if (!/^[0-9a-f]{64}$/.test(given)) {
		return { ok: false, error: 'HM-Signature must be 64 lower-case hexadecimal characters (HMAC-SHA256 hex digest)' };
	}
	const url = `http://${header('Host') ?? ''}${input.rawUrl}`;
	const expected = signature(config.secretKey, input.method, url, input.rawBody, timestamp);
	if (!constantTimeEqual(given, expected)) {
		return {
			ok: false,
			error:
				`Invalid HM-Signature. Expected HMAC-SHA256 (hex, secret key as text) of ` +
				`"${input.method}\\n${url}\\n<raw body, ${input.rawBody.length} bytes>\\n${timestamp}"`,
		};
	}
	return { ok: true };
}
