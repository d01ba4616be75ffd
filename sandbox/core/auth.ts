/**
 * The signing primitive both API versions use for requests and push notifications (deliberately not shared with
 * the node's credential code): lower-case hex HMAC-SHA256, keyed with the secret key as text, of
 * METHOD \n URL \n RAW_BODY \n TIMESTAMP, computed from the bytes received, never from a re-serialised form.
 * Which headers carry it is each version's business (sandbox/v1/auth.ts, sandbox/v2/auth.ts).
 */
import { createHmac, timingSafeEqual } from 'crypto';

export function signature(
	secretKey: string,
	method: string,
	url: string,
	body: Buffer | string,
	timestamp: string,
): string {
	return createHmac('sha256', Buffer.from(secretKey, 'utf8'))
		.update(`${method}\n${url}\n`)
		.update(body)
		.update(`\n${timestamp}`)
		.digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a, 'utf8');
	const y = Buffer.from(b, 'utf8');
	// compare against itself on a length mismatch so the time spent does not depend on where it differs
	return x.length === y.length ? timingSafeEqual(x, y) : (timingSafeEqual(x, x), false);
}
