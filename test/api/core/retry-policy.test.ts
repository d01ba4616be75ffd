import { parseCollectionRange } from '../../../nodes/api/v1/pagination';
import {
	DEFAULT_RETRY_POLICY,
	describeWait,
	isRetryable,
	mayHaveReachedServer,
	parseRetryAfter,
	retryDelay,
} from '../../../nodes/api/core/retry';
import { idFromLocation } from '../../../nodes/api/v1';
import { describePath as describeErrorPath } from '../../../nodes/api/v1/errors';

describe('retry policy', () => {
	it.each([
		[{ statusCode: 429 }, false, true],
		[{ statusCode: 503 }, true, true],
		[{ statusCode: 503 }, false, false], // a create after a 5xx may already exist
		[{ statusCode: 500 }, true, true],
		[{ statusCode: 501 }, true, false],
		[{ statusCode: 400 }, true, false],
		[{ networkErrorCode: 'ECONNRESET' }, true, true],
		[{ networkErrorCode: 'ECONNRESET' }, false, false],
		[{ networkErrorCode: 'ETIMEDOUT' }, false, false],
		[{ networkErrorCode: 'ECONNREFUSED' }, false, true], // never reached the server
	])('%j idempotent=%s → retry %s', (outcome, idempotent, expected) => {
		expect(isRetryable(outcome, idempotent)).toBe(expected);
	});

	it('reads Retry-After as seconds or as an HTTP date', () => {
		const now = Date.parse('Sat, 21 Nov 2026 10:00:00 GMT');
		expect(parseRetryAfter('3', now)).toBe(3000);
		expect(parseRetryAfter('0', now)).toBe(0);
		expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:07 GMT', now)).toBe(7000);
		expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});

	it('backs off exponentially with jitter, capped, and takes the server-given wait in full', () => {
		const low = () => 0;
		const high = () => 1;
		expect(retryDelay(0, DEFAULT_RETRY_POLICY, undefined, low)).toBe(250);
		expect(retryDelay(0, DEFAULT_RETRY_POLICY, undefined, high)).toBe(500);
		expect(retryDelay(3, DEFAULT_RETRY_POLICY, undefined, high)).toBe(4000);
		expect(retryDelay(20, DEFAULT_RETRY_POLICY, undefined, high)).toBe(30_000);
		// Whether a long Retry-After fits the retry budget is decided by the request path, never by shortening it.
		expect(retryDelay(0, DEFAULT_RETRY_POLICY, 120_000)).toBe(120_000);
		expect(retryDelay(0, DEFAULT_RETRY_POLICY, 3_600_000)).toBe(3_600_000);
		expect(retryDelay(5, DEFAULT_RETRY_POLICY, 2000)).toBe(2000);
	});
});

describe('retry wording', () => {
	it('says how long a wait is in words', () => {
		expect(describeWait(1000)).toBe('1 second');
		expect(describeWait(45_500)).toBe('46 seconds');
		expect(describeWait(20 * 60_000)).toBe('20 minutes');
		expect(describeWait(3_600_000)).toBe('1 hour');
		expect(describeWait(3_900_000)).toBe('1 hour 5 minutes');
		expect(describeWait(2 * 3_600_000 - 10)).toBe('2 hours');
	});

	it('knows which broken connections may have reached the server', () => {
		expect(mayHaveReachedServer('ECONNRESET')).toBe(true);
		expect(mayHaveReachedServer('ETIMEDOUT')).toBe(true);
		expect(mayHaveReachedServer('ECONNREFUSED')).toBe(false);
		expect(mayHaveReachedServer('ENOTFOUND')).toBe(false);
	});
});

describe('collection range', () => {
	it("parses the spec's example and an empty page", () => {
		expect(parseCollectionRange('6-30/120')).toEqual({ start: 6, end: 30, total: 120 });
		expect(parseCollectionRange('0-0/0')).toEqual({ start: 0, end: 0, total: 0 });
		expect(parseCollectionRange(['1-30/98'])).toEqual({ start: 1, end: 30, total: 98 });
		expect(parseCollectionRange('garbage')).toBeUndefined();
		expect(parseCollectionRange(undefined)).toBeUndefined();
	});
});

describe('paths', () => {
	it('reads ids from Location headers and names the resource of a path', () => {
		expect(idFromLocation('/units/151177892008/')).toBe('151177892008');
		expect(idFromLocation('https://www.kaufland.de/api/v1/subscriptions/45454/')).toBe('45454');
		expect(idFromLocation(undefined)).toBeUndefined();
		expect(describeErrorPath('/order-units/12/send/')).toEqual({ label: 'order unit', id: '12' });
		expect(describeErrorPath('/order_units/12/refund/')).toEqual({ label: 'order unit', id: '12' });
		expect(describeErrorPath('/orders/seller/')).toEqual({ label: 'order' });
	});
});
