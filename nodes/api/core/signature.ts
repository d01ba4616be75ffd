import { hmacHex } from './signing';

/**
 * The request signature of both API versions (`HM-Signature` in v1, `Shop-Signature` and `Shop-Partner-Signature`
 * in v2): lowercase hex HMAC-SHA256, keyed with the secret as plain text, of `METHOD\nFULL_URL\nBODY\nTIMESTAMP`.
 * The body is hashed as bytes so binary-safe content signs exactly as sent.
 */
export function computeSignature(
	secretKey: string,
	method: string,
	url: string,
	body: string | Buffer,
	timestamp: number | string,
): string {
	return hmacHex(secretKey, `${method.toUpperCase()}\n${url}\n`, body, `\n${timestamp}`);
}
