import { DOCUMENTED_RATE_LIMIT } from '../../../sandbox';
import { RateLimiter } from '../../../sandbox/v2/rate-limit';
import { TestClient } from '../v1/client';
import { problem, useV2Client } from './client';

const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status);

describe('sandbox API v2: rate limit in strict mode (every test): the documented 111 a second per seller', () => {
	const { api, sandbox } = useV2Client();

	it('is on at 111 a second per client key: the 112th request within a second is refused, the next second has room again', async () => {
		expect(sandbox().control.rateLimit()).toBe(DOCUMENTED_RATE_LIMIT);
		// the sandbox's own limiter, driven by an explicit clock: a busy machine cannot spread the burst
		const limiter = new RateLimiter(sandbox().control.rateLimit());
		const burst = Array.from({ length: 112 }, (_, i) => limiter.take('seller', 1_000 + i * 8));
		expect(burst.filter(Boolean)).toHaveLength(111);
		expect(burst[111]).toBe(false);
		expect(limiter.take('another seller', 1_900)).toBe(true);
		expect(limiter.take('seller', 2_001)).toBe(true);
	});

	it('is off when asked (null), as without strict mode', async () => {
		sandbox().control.setRateLimit(null);
		const responses = await Promise.all(Array.from({ length: 150 }, () => api().get('/status/ping')));
		expect(new Set(statuses(responses))).toEqual(new Set([200]));
	});

	it('is switched on and off through the control API (the documented limit is 111/s)', async () => {
		expect(DOCUMENTED_RATE_LIMIT).toBe(111);
		expect((await api().control('PUT', '/rate-limit', { perSecond: 2 })).json).toEqual({ perSecond: 2 });
		expect((await api().control('GET', '/rate-limit')).json).toEqual({ perSecond: 2 });
		expect((await api().control('GET', '/')).json).toMatchObject({
			rateLimitPerSecond: 2,
			v2BaseUrl: sandbox().v2BaseUrl,
		});
		const limited = [await api().get('/status/ping'), await api().get('/status/ping'), await api().get('/status/ping')];
		expect(statuses(limited)).toEqual([200, 200, 429]);
		for (const perSecond of [0, -1, 1.5, '5']) {
			expect((await api().control('PUT', '/rate-limit', { perSecond })).status).toBe(400);
		}
		expect(sandbox().control.rateLimit()).toBe(2);
		expect((await api().control('PUT', '/rate-limit', { perSecond: null })).json).toEqual({ perSecond: null });
		expect((await api().get('/status/ping')).status).toBe(200);
	});
});

describe('sandbox API v2: rate limit at a configured number of requests per second', () => {
	const { api, sandbox } = useV2Client({ rateLimitPerSecond: 5 });

	it('answers 429 in the problem shape once a client key has made that many requests within a second', async () => {
		const responses = [];
		for (let i = 0; i < 8; i++) responses.push(await api().get('/carriers'));
		expect(statuses(responses)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
		const refused = responses[5];
		expect(refused.json).toEqual(problem('about:blank'));
		expect(refused.json.message).toBe('Too many requests: at most 5 per second per client key');
		expect(refused.headers['retry-after']).toBeUndefined();
		expect(
			sandbox()
				.control.requests()
				.map((r) => r.status),
		).toEqual(statuses(responses));

		await new Promise((resolve) => setTimeout(resolve, 1100));
		expect((await api().get('/carriers')).status).toBe(200);
	});

	it('refused requests change nothing; other client keys and API v1 have their own budget', async () => {
		for (let i = 0; i < 5; i++) await api().get('/status/ping');
		const unit = sandbox().control.db.orderUnits.find(
			(u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace,
		)!;
		const send = await api().patch(`/order-units/${unit.id_order_unit}/send`, {
			tracking_numbers: '1',
			carrier_code: 'DHL',
		});
		expect(send.status).toBe(429);
		expect(unit.status).toBe('need_to_be_sent');
		expect((await api().get('/status/ping', { clientKey: 'k'.repeat(32) })).status).toBe(401);
		expect((await new TestClient(sandbox()).get('/status/ping/')).status).toBe(200);
	});

	it('is set in process and goes back to the configured limit on reset', async () => {
		sandbox().control.setRateLimit(1);
		expect(statuses([await api().get('/status/ping'), await api().get('/status/ping')])).toEqual([200, 429]);
		expect(() => sandbox().control.setRateLimit(0)).toThrow(/positive whole number/);
		sandbox().control.reset();
		expect(sandbox().control.rateLimit()).toBe(5);
	});
});
