/**
 * The v2 rate limit: 111 requests per second per seller, over all endpoints together; off unless configured.
 * A sliding one-second window of real time per `Shop-Client-Key`: a request is refused (429) when as many
 * requests of that key were let through during the last second as the limit allows.
 */

export const DOCUMENTED_RATE_LIMIT = 111;

export class RateLimiter {
	private readonly passed = new Map<string, number[]>();
	private limit: number | null = null;

	constructor(perSecond: number | null) {
		this.set(perSecond);
	}

	get perSecond(): number | null {
		return this.limit;
	}

	set(perSecond: number | null): void {
		if (perSecond !== null && !(Number.isInteger(perSecond) && perSecond > 0)) {
			throw new Error(
				`the rate limit must be a positive whole number of requests per second or null (off), got ${perSecond}`,
			);
		}
		this.limit = perSecond;
		this.passed.clear();
	}

	/** Counts the request and says whether it may pass. */
	take(clientKey: string, nowMs = Date.now()): boolean {
		if (this.limit === null) return true;
		const times = (this.passed.get(clientKey) ?? []).filter((t) => t > nowMs - 1000);
		const allowed = times.length < this.limit;
		if (allowed) times.push(nowMs);
		this.passed.set(clientKey, times);
		return allowed;
	}
}
