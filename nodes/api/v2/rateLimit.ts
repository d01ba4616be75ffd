/**
 * API v2 allows 111 requests per second per seller, over all endpoints together. Every request
 * of this package for one seller, from any workflow in this n8n process, first takes a turn here, so that no
 * more than REQUESTS_PER_SECOND start within any one second: a little below the limit, as the server may see
 * requests closer together than they left.
 */
import { sleep } from 'n8n-workflow';

export const DOCUMENTED_LIMIT_PER_SECOND = 111;
export const REQUESTS_PER_SECOND = 100;
const WINDOW_MS = 1000;

export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

/** A sliding window: a request may start when fewer than `limit` started during the last second. Turns are taken in order of arrival. */
export class SlidingWindowLimiter {
	private readonly starts: number[] = [];
	private queue: Promise<void> = Promise.resolve();

	constructor(
		private readonly limit = REQUESTS_PER_SECOND,
		private readonly clock: Clock = realClock,
	) {}

	/** Resolves when the caller may send its request (and counts it). */
	async take(): Promise<void> {
		const turn = this.queue.then(async () => await this.waitForRoom());
		this.queue = turn;
		await turn;
	}

	private async waitForRoom(): Promise<void> {
		for (;;) {
			const now = this.clock.now();
			while (this.starts.length && this.starts[0] <= now - WINDOW_MS) this.starts.shift();
			if (this.starts.length < this.limit) {
				this.starts.push(now);
				return;
			}
			await this.clock.sleep(this.starts[0] + WINDOW_MS - now);
		}
	}
}

const limiters = new Map<string, SlidingWindowLimiter>();

/** The limiter of one seller (its client key at its base URL), shared by every execution in this process. */
export function limiterFor(seller: string): SlidingWindowLimiter {
	let limiter = limiters.get(seller);
	if (!limiter) {
		limiter = new SlidingWindowLimiter();
		limiters.set(seller, limiter);
	}
	return limiter;
}
