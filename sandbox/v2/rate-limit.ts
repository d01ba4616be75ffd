/**
 * The v2 rate limit: 111 requests per second per seller, over all endpoints together; off unless configured.
 * A sliding one-second window of real time per `Shop-Client-Key`: a request is refused (429) when as many
 * requests of that key were let through during the last second as the limit allows.
 */

export const DOCUMENTED_RATE_LIMIT = 111;

export class RateLimiter {
	private readonly passed = new Map<string, number[]>();
	/** Every request that arrived during the last second, let through or refused, per client key. */
	private readonly arrived = new Map<string, number[]>();
	/** The most requests of one client key that arrived within one sliding second since the last reset. */
	private readonly peaks = new Map<string, number>();
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
		this.arrived.clear();
		this.peaks.clear();
	}

	/**
	 * The most requests of one client key (or of the busiest one) that arrived within any one second, the same
	 * sliding window the limit uses, since the last reset; whether the limit is on or off, refused requests included.
	 */
	peakPerSecond(clientKey?: string): number {
		if (clientKey !== undefined) return this.peaks.get(clientKey) ?? 0;
		return Math.max(0, ...this.peaks.values());
	}

	/** Records a request that reached the sandbox for the peak, without judging it (one answered by an injected fault). */
	arrive(clientKey: string, nowMs = Date.now()): void {
		const arrived = (this.arrived.get(clientKey) ?? []).filter((t) => t > nowMs - 1000);
		arrived.push(nowMs);
		this.arrived.set(clientKey, arrived);
		this.peaks.set(clientKey, Math.max(this.peaks.get(clientKey) ?? 0, arrived.length));
	}

	/** Counts the request and says whether it may pass. */
	take(clientKey: string, nowMs = Date.now()): boolean {
		this.arrive(clientKey, nowMs);
		if (this.limit === null) return true;
		const times = (this.passed.get(clientKey) ?? []).filter((t) => t > nowMs - 1000);
		const allowed = times.length < this.limit;
		if (allowed) times.push(nowMs);
		this.passed.set(clientKey, times);
		return allowed;
	}
}
