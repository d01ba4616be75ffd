/**
 * API v2 allows 111 requests per second per seller, over all endpoints together. Every attempt of every request
 * this package sends for one seller, from any workflow in this n8n process, retries included, first takes a turn
 * here, and keeps it until its answer (or its failure) is in.
 *
 * The marketplace counts a request when it arrives, which this process cannot see: only that it arrives after the
 * request started and before its answer came back. So a request counts from its start until a second after its end,
 * and one may start only while fewer than 111 count: then no second at the marketplace can hold more than 111,
 * however the network or a busy event loop bunches them up (a window of one second that held 112 would hold a last
 * one to start, and every other one of them would still have counted at that start). Starts are also spaced 1/111 s
 * (about 9 ms) apart, so the requests arrive paced, never as a burst.
 */
import { sleep } from 'n8n-workflow';

export const DOCUMENTED_LIMIT_PER_SECOND = 111;
const WINDOW_MS = 1000;
/** Clocks read in whole milliseconds (here and at the marketplace): an end counts for this much longer. */
const CLOCK_MARGIN_MS = 2;

export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => performance.now(), sleep: async (ms) => await sleep(ms) };

/** Ends the turn of one attempt: call it once its answer, or its failure, is in. */
export type Release = () => void;

/** The turns of one seller's requests. Turns are taken in order of arrival. */
export class SellerRateLimiter {
	/** Requests started and not answered yet. */
	private inFlight = 0;
	/** When answered requests ended, oldest first; each counts for a second after it. */
	private readonly ended: number[] = [];
	/** The slot of the last start on an even grid of `spacing`, so that late timers do not add up to a slower pace. */
	private lastSlot = -Infinity;
	private readonly spacing: number;
	private queue: Promise<void> = Promise.resolve();
	private wake: (() => void) | undefined;

	constructor(
		private readonly limit = DOCUMENTED_LIMIT_PER_SECOND,
		private readonly clock: Clock = realClock,
	) {
		this.spacing = WINDOW_MS / limit;
	}

	/** Resolves when the caller may send its request; the caller must call the Release it gets once the answer is in. */
	async admit(): Promise<Release> {
		const turn = this.queue.then(async () => await this.waitForRoom());
		this.queue = turn;
		await turn;
		let open = true;
		return () => {
			if (!open) return;
			open = false;
			this.inFlight--;
			this.ended.push(this.clock.now());
			this.wake?.();
		};
	}

	/** Requests that the marketplace may still be counting in the last second (in flight, or ended within it). */
	private counted(now: number): number {
		const horizon = now - WINDOW_MS - CLOCK_MARGIN_MS;
		while (this.ended.length && this.ended[0] < horizon) this.ended.shift();
		return this.inFlight + this.ended.length;
	}

	private async waitForRoom(): Promise<void> {
		for (;;) {
			const now = this.clock.now();
			if (this.counted(now) < this.limit) {
				const slot = Math.max(now, this.lastSlot + this.spacing);
				if (slot <= now) {
					this.lastSlot = slot;
					this.inFlight++;
					return;
				}
				await this.clock.sleep(slot - now);
				continue;
			}
			// Full: wait until the oldest end leaves the window, or, when all are in flight, until one ends.
			const ended = new Promise<void>((resolve) => (this.wake = resolve));
			const waits = [ended];
			if (this.ended.length) waits.push(this.clock.sleep(this.ended[0] + WINDOW_MS + CLOCK_MARGIN_MS - now + 1));
			await Promise.race(waits);
			this.wake = undefined;
		}
	}
}

const limiters = new Map<string, SellerRateLimiter>();

/** One seller: the client key at the API's address (a trailing slash or the letter case of the host make no other). */
export function sellerKey(baseUrl: string, clientKey: string): string {
	let address = baseUrl.trim();
	try {
		const url = new URL(address);
		address = `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
	} catch {
		// Not a URL: the credentials' own check reports it; the text still names one seller.
	}
	return `${address}|${clientKey.trim()}`;
}

/** The limiter of one seller (see sellerKey), shared by every execution in this process. */
export function limiterFor(seller: string): SellerRateLimiter {
	let limiter = limiters.get(seller);
	if (!limiter) {
		limiter = new SellerRateLimiter();
		limiters.set(seller, limiter);
	}
	return limiter;
}
