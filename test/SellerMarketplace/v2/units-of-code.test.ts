/** Pure parts of node version 2: time filters as v2 sends them, the rate limiter, the problem parser, and the closed lists against the OpenAPI. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as enums from '../../../nodes/api/v2/enums';
import { formatInstant, parseDateTime } from '../../../nodes/shared/helpers/dates';
import { describeTarget, parseProblem } from '../../../nodes/api/v2/errors';
import {
	DOCUMENTED_LIMIT_PER_SECOND,
	REQUESTS_PER_SECOND,
	SlidingWindowLimiter,
	type Clock,
} from '../../../nodes/api/v2/rateLimit';

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

describe('rate limit: no more than 100 requests start in any one second per seller', () => {
	/** A clock that moves only when someone sleeps (after everyone who could go has gone), so the test is exact and instant. */
	const fakeClock = () => {
		let now = 1_000_000;
		const clock: Clock = {
			now: () => now,
			sleep: async (ms) => {
				await new Promise((resolve) => setImmediate(resolve));
				now += ms;
			},
		};
		return clock;
	};

	it('stays below the documented 111 a second', () =>
		expect(REQUESTS_PER_SECOND).toBeLessThan(DOCUMENTED_LIMIT_PER_SECOND));

	it('lets 100 through at once, then makes the 101st wait until the first is a second old', async () => {
		const clock = fakeClock();
		const limiter = new SlidingWindowLimiter(100, clock);
		const starts: number[] = [];
		await Promise.all(Array.from({ length: 250 }, async () => starts.push((await limiter.take(), clock.now()))));
		expect(starts).toHaveLength(250);
		for (let i = 0; i < starts.length; i++) {
			const inWindow = starts.filter((t) => t > starts[i] - 1000 && t <= starts[i]).length;
			expect(inWindow).toBeLessThanOrEqual(100);
		}
		expect(starts[99]).toBe(starts[0]);
		expect(starts[100]).toBe(starts[0] + 1000);
		expect(starts[249]).toBe(starts[0] + 2000);
	});

	it('does not hold anyone up below the limit', async () => {
		const clock = fakeClock();
		const limiter = new SlidingWindowLimiter(100, clock);
		const before = clock.now();
		for (let i = 0; i < 100; i++) await limiter.take();
		expect(clock.now()).toBe(before);
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
		JSON.parse(readFileSync(join(__dirname, '../../../sandbox/v2/seller-api-v2.openapi.json'), 'utf8')) as {
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
