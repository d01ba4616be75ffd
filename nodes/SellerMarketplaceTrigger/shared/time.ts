/**
 * Time rules of the trigger. The marketplace retries a failed notification for about 12 hours, and a
 * retry may carry the timestamp of its first attempt; the trigger therefore accepts signed timestamps up
 * to DEFAULT_MAX_AGE_SECONDS old and remembers each delivery at least as long (plus the tolerance for a
 * clock ahead of ours), so a replay is always either remembered or too old.
 */
export const RETRY_SPAN_SECONDS = 12 * 3600;
/** The retry span, plus an hour because the marketplace says "about" 12 hours. */
export const DEFAULT_MAX_AGE_SECONDS = 13 * 3600;
export const MIN_MAX_AGE_SECONDS = 60;
export const MAX_MAX_AGE_SECONDS = 7 * 86_400;
/** How far a sender's clock may be ahead of ours. */
export const FUTURE_TOLERANCE_SECONDS = 15 * 60;
/**
 * Resource timestamps (`YYYY-MM-DD HH:MM:SS`) carry no time zone; read as UTC they may be off by up to
 * 14 hours either way, so recency checks on them allow that much.
 */
export const TIME_ZONE_SLACK_SECONDS = 14 * 3600;

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** How long to remember a delivery so that it stays remembered for as long as its timestamp passes. */
export function rememberSeconds(maxAgeSeconds: number): number {
	return maxAgeSeconds + FUTURE_TOLERANCE_SECONDS;
}

export type TimestampCheck = { ok: true; seconds: number } | { ok: false; unreadable: boolean; problem: string };

/** Checks a Unix-seconds timestamp header against the accepted window: not older than maxAge, not ahead by more than the tolerance. */
export function checkTimestamp(
	header: string | undefined,
	maxAgeSeconds: number,
	now: number,
	name = 'HM-Timestamp',
): TimestampCheck {
	if (header === undefined || !/^\d{1,12}$/.test(header)) {
		return { ok: false, unreadable: true, problem: `${name} is not a Unix time in seconds` };
	}
	const seconds = Number(header);
	if (now - seconds > maxAgeSeconds) {
		return {
			ok: false,
			unreadable: false,
			problem: `${name} is ${now - seconds} s behind this server's clock (${new Date(now * 1000).toISOString()}), more than the ${maxAgeSeconds} s Max Timestamp Age allows`,
		};
	}
	if (seconds - now > FUTURE_TOLERANCE_SECONDS) {
		return { ok: false, unreadable: false, problem: `${name} is ${seconds - now} s ahead of this server's clock` };
	}
	return { ok: true, seconds };
}

/** Unix seconds of an API timestamp: `YYYY-MM-DD HH:MM:SS` read as UTC, or ISO 8601 with its zone. */
export function parseApiTime(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
	const ms = plain ? Date.parse(`${plain[1]}T${plain[2]}Z`) : Date.parse(value);
	return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}
