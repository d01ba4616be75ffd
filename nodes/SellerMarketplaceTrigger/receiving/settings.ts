/** The node's "Options" as one notification uses them: read once per call, out-of-range values clamped. */
import type { FetchBudget } from '../dialect';
import { DEFAULT_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS } from '../shared/time';
import { VERIFY_EVENTS_BY, type VerifyEventsBy } from './verifyEvent';

/** The node's "Options" as saved. */
export interface TriggerOptions {
	verifyEventsBy?: string;
	maxTimestampAgeSeconds?: number;
	ignoreRepeatedDeliveries?: boolean;
	fetchResource?: boolean;
	fetchTimeoutSeconds?: number;
}

export interface Settings {
	verifyEventsBy: VerifyEventsBy;
	maxAgeSeconds: number;
	ignoreRepeats: boolean;
	fetchResource: boolean;
	fetchTimeoutSeconds: number;
}

function clamp(value: unknown, fallback: number, min: number, max: number): number {
	const number = Number(value ?? fallback);
	return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

export function settingsOf(
	options: TriggerOptions,
	defaultVerifyEventsBy: VerifyEventsBy,
	budget: FetchBudget,
): Settings {
	const maxAge = Number(options.maxTimestampAgeSeconds ?? 0);
	return {
		verifyEventsBy: (VERIFY_EVENTS_BY as readonly string[]).includes(String(options.verifyEventsBy))
			? (options.verifyEventsBy as VerifyEventsBy)
			: defaultVerifyEventsBy,
		// 0 (the "off" of earlier versions) and anything unreadable mean the default span
		maxAgeSeconds:
			Number.isFinite(maxAge) && maxAge > 0
				? clamp(maxAge, DEFAULT_MAX_AGE_SECONDS, MIN_MAX_AGE_SECONDS, MAX_MAX_AGE_SECONDS)
				: DEFAULT_MAX_AGE_SECONDS,
		ignoreRepeats: options.ignoreRepeatedDeliveries !== false,
		fetchResource: options.fetchResource === true,
		fetchTimeoutSeconds: clamp(options.fetchTimeoutSeconds, budget.defaultSeconds, 1, budget.maxSeconds),
	};
}
