/**
 * API v2 request authentication: `Shop-Client-Key`, `Shop-Timestamp`, `Shop-Signature`, `Accept` and a
 * non-empty `User-Agent`; optionally a partner pair `Shop-Partner-Client-Key` / `Shop-Partner-Signature`.
 *
 * Both signatures are the lower-case hex HMAC-SHA256, keyed with the secret as text, of
 * METHOD \n http://<Host header><request-target exactly as received> \n RAW_BODY \n Shop-Timestamp
 * (`signature` in ../core/auth.ts, as API v1 signs), computed over the bytes received.
 */
import { constantTimeEqual, signature } from '../core/auth';

export interface V2AuthConfig {
	clientKey: string;
	secretKey: string;
	partnerClientKey: string;
	partnerSecretKey: string;
	clockWindowSeconds: number;
	/** real time in ms (request timestamps are checked against the real clock) */
	now?: () => number;
}

export interface V2AuthInput {
	method: string;
	rawUrl: string;
	headers: Record<string, string | string[] | undefined>;
	rawBody: Buffer;
}

export type V2AuthResult = { ok: true; partner: boolean } | { ok: false; type: string; field: string; message: string };

const REQUIRED = ['Shop-Client-Key', 'Shop-Timestamp', 'Shop-Signature', 'Accept', 'User-Agent'];
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

const fail = (type: string, field: string, message: string): V2AuthResult => ({ ok: false, type, field, message });
const badHeader = (field: string, message: string) =>
	fail('/problems/missing-or-invalid-request-header', field, message);

export function verifyV2Request(input: V2AuthInput, config: V2AuthConfig): V2AuthResult {
	const header = (name: string): string | undefined => {
		const value = input.headers[name.toLowerCase()];
		return Array.isArray(value) ? value.join(', ') : value;
	};
	for (const name of REQUIRED) {
		if ((header(name) ?? '').trim() === '') {
			const v1Hint =
				name.startsWith('Shop-') && header('HM-Client') !== undefined
					? ' (HM-* headers are API v1; v2 signs with Shop-* headers)'
					: '';
			return badHeader(name, `Missing ${name} header${v1Hint}`);
		}
	}
	const accept = header('Accept')!;
	if (!/application\/json|application\/\*|\*\/\*/.test(accept)) {
		return badHeader('Accept', `Accept header must allow application/json, got '${accept}'`);
	}
	if (!constantTimeEqual(header('Shop-Client-Key')!, config.clientKey)) {
		return fail('/problems/invalid-credentials', 'Shop-Client-Key', 'Unknown client key in Shop-Client-Key');
	}

	const timestamp = header('Shop-Timestamp')!;
	if (!/^(0|[1-9]\d*)$/.test(timestamp)) {
		return badHeader('Shop-Timestamp', `Shop-Timestamp must be Unix time in whole seconds, got '${timestamp}'`);
	}
	const skew = Number(timestamp) - Math.floor((config.now ?? Date.now)() / 1000);
	if (Math.abs(skew) > config.clockWindowSeconds) {
		return badHeader(
			'Shop-Timestamp',
			`Shop-Timestamp ${timestamp} is ${Math.abs(skew)} s ${skew < 0 ? 'behind' : 'ahead of'} the server clock (allowed: ${config.clockWindowSeconds} s)`,
		);
	}

	const url = `http://${header('Host') ?? ''}${input.rawUrl}`;
	const signed = `"${input.method}\\n${url}\\n<raw body, ${input.rawBody.length} bytes>\\n${timestamp}"`;
	const sellerError = checkSignature(
		'Shop-Signature',
		header('Shop-Signature')!,
		config.secretKey,
		input,
		url,
		timestamp,
		signed,
	);
	if (sellerError) return sellerError;

	const partnerKey = header('Shop-Partner-Client-Key');
	const partnerSignature = header('Shop-Partner-Signature');
	if (partnerKey === undefined && partnerSignature === undefined) return { ok: true, partner: false };
	if (!partnerKey)
		return badHeader('Shop-Partner-Client-Key', 'Shop-Partner-Signature was sent without Shop-Partner-Client-Key');
	if (!partnerSignature)
		return badHeader('Shop-Partner-Signature', 'Shop-Partner-Client-Key was sent without Shop-Partner-Signature');
	if (!constantTimeEqual(partnerKey, config.partnerClientKey)) {
		return fail(
			'/problems/invalid-credentials',
			'Shop-Partner-Client-Key',
			'Unknown partner client key in Shop-Partner-Client-Key',
		);
	}
	const partnerError = checkSignature(
		'Shop-Partner-Signature',
		partnerSignature,
		config.partnerSecretKey,
		input,
		url,
		timestamp,
		signed,
	);
	return partnerError ?? { ok: true, partner: true };
}

function checkSignature(
	field: string,
	given: string,
	secret: string,
	input: V2AuthInput,
	url: string,
	timestamp: string,
	signed: string,
): V2AuthResult | undefined {
	if (!HEX_SIGNATURE.test(given)) {
		return fail(
			'/problems/corrupted-signature',
			field,
			`${field} must be 64 lower-case hexadecimal characters (HMAC-SHA256 hex digest)`,
		);
	}
	if (constantTimeEqual(given, signature(secret, input.method, url, input.rawBody, timestamp))) return undefined;
	const key = field === 'Shop-Signature' ? 'secret key' : 'partner secret key';
	return fail(
		'/problems/corrupted-signature',
		field,
		`Invalid ${field}. Expected HMAC-SHA256 (hex, ${key} as text) of ${signed}`,
	);
}
