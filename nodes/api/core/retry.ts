/** How failed requests are retried. Pure functions, so the policy is unit-tested without a server. */

export interface RetryPolicy {
	/** Retries after the first attempt. */
	maxRetries: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** Upper bound on the time spent waiting between the attempts of one request. */
	maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxRetries: 5,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	maxTotalWaitMs: 120_000,
};

/** Network error codes that mean the request never reached the server, so even a create may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** Network error codes worth another try for requests that are safe to repeat. */
const TRANSIENT_CODES = new Set([
	...NOT_SENT_CODES,
	'ECONNRESET',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

/** Whether a request that failed with this network error may have reached the server (and been applied). */
export function mayHaveReachedServer(networkErrorCode: string): boolean {
	return !NOT_SENT_CODES.has(networkErrorCode);
}

export type AttemptOutcome = { statusCode: number } | { networkErrorCode: string };

/**
 * Whether another attempt may be made.
 * A 429 was refused before any work was done, so it is always retried. A 5xx or a broken connection may
 * have been applied already: only requests that are safe to repeat are retried then, never a create (POST),
 * where a second attempt could create a duplicate.
 */
export function isRetryable(outcome: AttemptOutcome, idempotent: boolean): boolean {
	if ('statusCode' in outcome) {
		if (outcome.statusCode === 429) return true;
		return idempotent && [500, 502, 503, 504].includes(outcome.statusCode);
	}
	if (NOT_SENT_CODES.has(outcome.networkErrorCode)) return true;
	return idempotent && TRANSIENT_CODES.has(outcome.networkErrorCode);
}

/** Parses a Retry-After header (delta seconds or an HTTP date) into milliseconds, or undefined. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = String(Array.isArray(value) ? value[0] : value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0-based): the server's Retry-After when given, in full (whether it
 * fits the retry budget is the caller's decision), otherwise exponential backoff with jitter, so parallel
 * page reads do not retry in lockstep.
 */
export function retryDelay(
	retry: number,
	policy: RetryPolicy,
	retryAfterMs?: number,
	random: () => number = Math.random,
): number {
	if (retryAfterMs !== undefined) return retryAfterMs;
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A wait in words, for error messages: "45 seconds", "20 minutes", "1 hour 5 minutes". */
export function describeWait(ms: number): string {
	const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
	const seconds = Math.ceil(ms / 1000);
	if (seconds < 120) return plural(seconds, 'second');
	const minutes = Math.round(seconds / 60);
	if (minutes < 60) return plural(minutes, 'minute');
	const hours = Math.floor(minutes / 60);
	return minutes % 60 ? `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}` : plural(hours, 'hour');
}
