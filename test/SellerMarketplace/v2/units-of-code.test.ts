/** Pure parts of node version 2: time filters as v2 sends them, the rate limiter, the problem parser, and the closed lists against the OpenAPI. */

import * as enums from '../../../nodes/api/v2/enums';
import { formatInstant, parseDateTime } from '../../../nodes/shared/helpers/dates';
import { describeTarget, parseProblem } from '../../../nodes/api/v2/errors';
import {
	DOCUMENTED_LIMIT_PER_SECOND,
	limiterFor,
	SellerRateLimiter,
	sellerKey,
	type Clock,
} from '../../../nodes/api/v2/rateLimit';
import { openApiDocument } from '../../../sandbox/v2/openapi';

describe('time filters: ISO 8601 in UTC with the right zone', () => {
	const utc = (text: string, zone = 'Europe/Berlin') => formatInstant(parseDateTime(text, zone)!, 'iso');

	it.each([
		['2026-11-20T08:30:00Z', '2026-11-20T08:30:00Z'],
		['2026-11-20T08:30:00.999Z', '2026-11-20T08:30:00Z'],
		['2026-11-20T08:30:00+01:00', '2026-11-20T07:30:00Z'],
		['2026-11-20T08:30:00-0530', '2026-11-20T14:00:00Z'],
		['2026-07-01T00:15:00+02:00', '2026-06-30T22:15:00Z'],
	])('keeps the zone written in %s', (text, expected) => expect(utc(text)).toBe(expected));

	it.each([
		['2026-11-20T08:30:00', 'Europe/Berlin', '2026-11-20T07:30:00Z'],
		['2026-07-20T08:30', 'Europe/Berlin', '2026-07-20T06:30:00Z'],
		['2026-11-20', 'Europe/Berlin', '2026-11-19T23:00:00Z'],
		['2026-11-20 08:30:00', 'America/New_York', '2026-11-20T13:30:00Z'],
		['2026-03-29T12:00:00', 'Europe/Berlin', '2026-03-29T10:00:00Z'],
		['2026-11-20T08:30:00', 'UTC', '2026-11-20T08:30:00Z'],
	])('reads %s without a zone in the workflow zone %s', (text, zone, expected) =>
		expect(utc(text, zone)).toBe(expected),
	);

	it.each([
		'20.11.2026',
		'2026-02-30',
		'2026-11-20T24:00:00',
		'2026-11-20T08:61',
		'yesterday',
		'1700000000',
		'2026-11-20T08:30:00+25:00',
		'',
	])('refuses %p', (text) => expect(parseDateTime(text, 'UTC')).toBeUndefined());
});

describe('rate limit: never more than 111 requests in one second at the marketplace, paced', () => {
	/** Time that moves only to the next timer, once everyone who could go has gone: exact and instant. */
	class VirtualTime implements Clock {
		private time = 1_000_000;
		private timers: Array<{ at: number; resolve: () => void }> = [];
		now = () => this.time;
		sleep = async (ms: number) =>
			await new Promise<void>((resolve) => this.timers.push({ at: this.time + Math.max(0, ms), resolve }));
		/** Runs until nothing waits for a timer any more. */
		async run(done: Promise<unknown>): Promise<void> {
			let finished = false;
			void done.then(() => (finished = true));
			for (;;) {
				await new Promise((resolve) => setImmediate(resolve));
				if (finished || this.timers.length === 0) return;
				this.timers.sort((a, b) => a.at - b.at);
				const next = this.timers.shift()!;
				this.time = Math.max(this.time, next.at);
				next.resolve();
			}
		}
	}

	/** A deterministic spread of latencies (ms), so the test is the same on every run. */
	const latency = (i: number, max: number) => ((i * 7919) % 1000) * (max / 1000);

	/** Sends `count` requests at once through the limiter; each arrives anywhere between its start and its end. */
	async function send(count: number, maxLatencyMs: number) {
		const clock = new VirtualTime();
		const limiter = new SellerRateLimiter(DOCUMENTED_LIMIT_PER_SECOND, clock);
		const requests: Array<{ start: number; end: number }> = [];
		const all = Promise.all(
			Array.from({ length: count }, async (_, i) => {
				const release = await limiter.admit();
				const start = clock.now();
				await clock.sleep(latency(i, maxLatencyMs));
				requests.push({ start, end: clock.now() });
				release();
			}),
		);
		await clock.run(all);
		await all;
		return requests.sort((a, b) => a.start - b.start);
	}

	/** The most requests that may have arrived within one second: those whose start-to-end span touches it. */
	function worstSecond(requests: Array<{ start: number; end: number }>): number {
		const edges = [...requests.map((r) => r.end), ...requests.map((r) => r.start - 1000)];
		return Math.max(...edges.map((from) => requests.filter((r) => r.start <= from + 1000 && r.end >= from).length));
	}

	it.each([0, 40, 400])(
		'600 requests at once with latencies up to %i ms: no second at the marketplace can hold more than 111',
		async (maxLatency) => {
			const requests = await send(600, maxLatency);
			expect(requests).toHaveLength(600);
			expect(worstSecond(requests)).toBeLessThanOrEqual(111);
			// paced: starts at least 1/111 s apart, never a burst
			const gaps = requests.slice(1).map((r, i) => r.start - requests[i].start);
			expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / 111 - 1e-6);
			// and close to the limit: at most the time 600 requests take at 111 a second plus their own latency
			const took = requests[599].start - requests[0].start;
			expect(took).toBeLessThanOrEqual((600 / 111) * 1000 * (1 + maxLatency / 1000) + 1000);
		},
	);

	it('while 111 requests are still in flight, the next one waits until a second after the first answer', async () => {
		const clock = new VirtualTime();
		const limiter = new SellerRateLimiter(DOCUMENTED_LIMIT_PER_SECOND, clock);
		const releases = [];
		for (let i = 0; i < 111; i++) releases.push(await limiterRun(clock, limiter.admit()));
		const startedAt = clock.now();
		let admittedAt: number | undefined;
		const next = limiter.admit().then(() => (admittedAt = clock.now()));
		await clock.run(clock.sleep(5_000));
		expect(admittedAt).toBeUndefined();
		const answeredAt = clock.now();
		releases[0]();
		await clock.run(next);
		expect(admittedAt! - answeredAt).toBeGreaterThanOrEqual(1000);
		expect(answeredAt - startedAt).toBeGreaterThanOrEqual(5_000);
	});

	/** Waits for one admission in virtual time. */
	async function limiterRun(clock: VirtualTime, admission: Promise<() => void>) {
		await clock.run(admission);
		return await admission;
	}

	it('does not hold up the first request', async () => {
		const clock = new VirtualTime();
		const limiter = new SellerRateLimiter(DOCUMENTED_LIMIT_PER_SECOND, clock);
		const before = clock.now();
		await limiter.admit();
		expect(clock.now()).toBe(before);
	});

	it('one limiter per seller: the same client key at the same address, whatever its spelling', () => {
		expect(sellerKey('https://API.example.com/v2/', ' key ')).toBe(sellerKey('https://api.example.com/v2', 'key'));
		expect(sellerKey('https://api.example.com/v2', 'key')).not.toBe(sellerKey('https://api.example.com/v2', 'other'));
		expect(limiterFor(sellerKey('https://api.example.com/v2/', 'k'))).toBe(
			limiterFor(sellerKey('https://api.example.com/v2', 'k')),
		);
	});
});

describe('problem answers', () => {
	it('reads the ErrorResponse shape from an object, JSON text or bytes', () => {
		const body = {
			type: '/problems/validation-error',
			message: 'Invalid',
			errors: [{ field: 'listing_price', message: 'must be > 0' }],
		};
		const expected = {
			type: '/problems/validation-error',
			message: 'Invalid',
			errors: [{ field: 'listing_price', message: 'must be > 0' }],
		};
		expect(parseProblem(body)).toEqual(expected);
		expect(parseProblem(JSON.stringify(body))).toEqual(expected);
		expect(parseProblem(Buffer.from(JSON.stringify(body)))).toEqual(expected);
	});

	it('keeps only the message of a bare {message} 404 and of a non-JSON answer', () => {
		expect(parseProblem({ message: 'Not found' })).toEqual({ type: undefined, message: 'Not found', errors: [] });
		expect(parseProblem('<html>Bad gateway</html>')).toEqual({ message: '<html>Bad gateway</html>', errors: [] });
		expect(parseProblem(undefined)).toEqual({ errors: [] });
		expect(parseProblem({ errors: 'nonsense', type: 42 })).toEqual({ type: undefined, message: undefined, errors: [] });
	});

	it.each([
		['/order-units/12/send', { label: 'order unit', id: '12' }],
		['/units', { label: 'unit' }],
		['/subscriptions/7', { label: 'subscription', id: '7' }],
		['/orders/MB7UWLD', { label: 'order', id: 'MB7UWLD' }],
		['/units/status', { label: 'unit' }],
		['/categories/5', { label: 'category', id: '5' }],
		['/shipping-addresses', { label: 'shipping address' }],
		['/status/ping', { label: 'status' }],
	])('names %s in messages', (path, expected) => expect(describeTarget(path)).toEqual(expected));
});

describe('closed lists are exactly those of the OpenAPI', () => {
	const schemas = (
		openApiDocument() as {
			components: { schemas: Record<string, { enum: string[] }> };
		}
	).components.schemas;

	it.each([
		['Storefront', enums.STOREFRONTS],
		['FulfillmentType', enums.FULFILLMENT_TYPES],
		['OrderUnitStatus', enums.ORDER_UNIT_STATUSES],
		['OrderUnitCancelReason', enums.ORDER_UNIT_CANCEL_REASONS],
		['OrderUnitRefundReason', enums.ORDER_UNIT_REFUND_REASONS],
		['OrderEmbeddable', enums.ORDER_EMBEDDABLES],
		['OrderUnitEmbeddable', enums.ORDER_UNIT_EMBEDDABLES],
		['UnitCondition', enums.UNIT_CONDITIONS],
		['WriteableUnitStatuses', enums.WRITEABLE_UNIT_STATUSES],
		['WriteableVatIndicator', enums.WRITEABLE_VAT_INDICATORS],
		['SubscriptionEventName', enums.SUBSCRIPTION_EVENT_NAMES],
	])('%s', (schema, values) => expect([...values].sort()).toEqual([...schemas[schema].enum].sort()));

	it('the embeddables leave out only the empty value', () => {
		expect([...enums.UNIT_AND_PRODUCT_EMBEDDABLES, ''].sort()).toEqual(
			[...schemas.UnitAndProductEmbeddedEnum.enum].sort(),
		);
		expect([...enums.UNIT_EMBEDDABLES, ''].sort()).toEqual([...schemas.UnitEmbeddedEnum.enum].sort());
	});

	it('labels values readably', () => {
		expect(enums.toOptions(['USED___AS_NEW', 'need_to_be_sent', 'BuyerCancelled', 'reduced_rate_1'])).toEqual([
			{ name: 'Buyer Cancelled', value: 'BuyerCancelled' },
			{ name: 'Need to Be Sent', value: 'need_to_be_sent' },
			{ name: 'Reduced Rate 1', value: 'reduced_rate_1' },
			{ name: 'Used – As New', value: 'USED___AS_NEW' },
		]);
	});
});
