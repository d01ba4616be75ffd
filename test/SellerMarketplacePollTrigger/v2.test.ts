/**
 * Version 2 of the poll trigger (API v2), polled through n8n-core's PollTriggerExecutor and PollContext against
 * the sandbox's /v2: what each poll asks the marketplace (checked by the sandbox against the OpenAPI, which
 * refuses unknown parameters), and what each execution starts with. The sandbox clock stands still unless a
 * test moves it, so equal timestamps are exact.
 */
import type { INodeParameters } from 'n8n-workflow';

import { formatIsoTime } from '../../nodes/SellerMarketplacePollTrigger/shared/sources';
import type { RequestLogEntry } from '../../sandbox';
import type { PollHost } from '../harness/poll-host';
import type { SellerCredentialsV2 } from '../harness/workflow';
import { ids, pollState, sleep, startPollBench, type PollBench, resetBenchEachTest } from './helpers';

let bench: PollBench;
let credentials: SellerCredentialsV2;

beforeAll(async () => {
	bench = await startPollBench();
	credentials = bench.credentialsV2;
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const LOOKBACK = 600;
const seconds = (ms: number) => Math.floor(ms / 1000);
const v2Requests = (): RequestLogEntry[] => bench.since().filter((entry) => entry.api === 'v2');
const asked = (entry: RequestLogEntry) => ({ method: entry.method, path: entry.path, query: entry.query });

const host = (parameters: INodeParameters, overrides: Partial<SellerCredentialsV2> = {}): PollHost =>
	bench.hostV2(parameters, overrides);

/** A published trigger whose first poll is done (it marks what exists). */
async function published(parameters: INodeParameters): Promise<PollHost> {
	const trigger = host(parameters);
	await trigger.activate();
	bench.mark();
	return trigger;
}

async function placeOrders(count: number, { secondsApart = 0, storefront = 'de' } = {}): Promise<string[]> {
	const placed: string[] = [];
	for (let index = 0; index < count; index++) {
		if (secondsApart && index > 0) await control().advance(secondsApart);
		placed.push((await control().createOrder({ storefront })).order.id_order);
	}
	return placed;
}

const newestOrderSecond = (storefront = 'de'): number =>
	Math.max(
		...control()
			.db.orders.filter((order) => !order._fulfilled_by_marketplace && (order._storefront ?? 'de') === storefront)
			.map((order) => seconds(Date.parse(`${order.ts_created.replace(' ', 'T')}Z`))),
	);

describe('Poll Trigger v2: New Order', () => {
	it('starts from now: the first poll marks the existing orders of the storefront, idle polls emit nothing and cost one request', async () => {
		const newest = newestOrderSecond();
		const trigger = host({ event: 'orderNew' });

		await trigger.activate();

		const from = formatIsoTime(newest - LOOKBACK);
		expect(v2Requests().map(asked)).toEqual([
			{ method: 'GET', path: '/orders', query: { storefront: 'de', limit: '1', offset: '0' } },
			{
				method: 'GET',
				path: '/orders',
				query: { storefront: 'de', ts_created_from_iso: from, limit: '100', offset: '0' },
			},
		]);
		for (const entry of v2Requests()) {
			expect(entry.signatureValid).toBe(true);
			expect(entry.status).toBe(200);
			expect(entry.headers['shop-client-key']).toBe(credentials.clientKey);
			expect(JSON.stringify(entry.headers)).not.toContain(credentials.secretKey);
		}
		expect(trigger.executions).toEqual([]);
		expect(pollState(trigger.staticData)).toMatchObject({ key: 'orderNew::de', cursor: newest });

		bench.mark();
		expect(await trigger.tick()).toBeUndefined();
		expect(v2Requests().map(asked)).toEqual([
			{
				method: 'GET',
				path: '/orders',
				query: { storefront: 'de', ts_created_from_iso: from, limit: '100', offset: '0' },
			},
		]);
	});

	it('emits orders placed between polls once each, oldest first, in the v2 shape', async () => {
		const trigger = await published({ event: 'orderNew' });
		await control().advance(60);
		const first = await placeOrders(3, { secondsApart: 1 });

		const items = await trigger.tick();

		expect(ids(items, 'id_order')).toEqual(first);
		expect(items?.[0]).toMatchObject({
			id_order: first[0],
			storefront: 'de',
			ts_created_iso: expect.stringMatching(/Z$/),
		});
		const cursor = seconds(Date.parse(String(items![2].ts_created_iso)));
		expect(pollState(trigger.staticData)?.cursor).toBe(cursor);

		await control().advance(5);
		const second = await placeOrders(2, { secondsApart: 1 });
		bench.mark();
		expect(ids(await trigger.tick(), 'id_order')).toEqual(second);
		expect(v2Requests().map(asked)).toEqual([
			{
				method: 'GET',
				path: '/orders',
				query: { storefront: 'de', ts_created_from_iso: formatIsoTime(cursor - LOOKBACK), limit: '100', offset: '0' },
			},
		]);
		expect(await trigger.tick()).toBeUndefined();
		expect(trigger.executions.map((batch) => ids(batch, 'id_order'))).toEqual([first, second]);
	});

	it('emits an order placed in the same second as the cursor after that second was polled', async () => {
		const trigger = await published({ event: 'orderNew' });
		await control().advance(30);
		const [early] = await placeOrders(1);
		expect(ids(await trigger.tick(), 'id_order')).toEqual([early]);

		// The clock has not moved: same second as the cursor.
		const [late] = await placeOrders(1);
		expect(ids(await trigger.tick(), 'id_order')).toEqual([late]);
		expect(await trigger.tick()).toBeUndefined();
	});

	it('after a restart, emits what arrived while n8n was down and nothing twice', async () => {
		const trigger = await published({ event: 'orderNew' });
		await control().advance(10);
		const before = await placeOrders(2, { secondsApart: 1 });
		expect(ids(await trigger.tick(), 'id_order')).toEqual(before);

		const restarted = trigger.restart();
		await control().advance(3600);
		const during = await placeOrders(3, { secondsApart: 1 });
		// Publishing again polls at once: the orders placed meanwhile, and none emitted before the restart.
		await restarted.activate();

		expect(restarted.executions.map((batch) => ids(batch, 'id_order'))).toEqual([during]);
		expect(await restarted.tick()).toBeUndefined();
	});

	it('asks again for a page refused with 429 in the middle of a poll and emits every order once', async () => {
		const trigger = await published({ event: 'orderNew' });
		await control().advance(1);
		const placed = await placeOrders(250, { secondsApart: 1 });
		// The poll's first page is held back while a 429 is armed for its next request.
		control().addFault({ path: '/v2/orders', kind: 'latency', latencyMs: 200, times: 1 });
		const polling = trigger.tick();
		await sleep(80);
		control().addFault({ path: '/v2/orders', kind: 'status', status: 429, retryAfter: '1', times: 1 });

		const items = await polling;

		expect(ids(items, 'id_order')).toEqual(placed.slice(0, 100));
		const refused = v2Requests().filter((entry) => entry.status === 429);
		expect(refused).toHaveLength(1);
		expect(refused[0].fault).toMatch(/status 429/);
		const retried = v2Requests().filter((entry) => entry.status === 200 && entry.rawUrl === refused[0].rawUrl);
		expect(retried).toHaveLength(1);
		expect(retried[0].seq).toBeGreaterThan(refused[0].seq);
		expect(v2Requests()[0]).toMatchObject({ status: 200, query: { offset: '0' } });
		expect(refused[0].query.offset).not.toBe('0');
		const rest = await trigger.drain();
		expect([...ids(items, 'id_order'), ...rest.flatMap((batch) => ids(batch, 'id_order'))]).toEqual(placed);
	});

	it('works off a backlog in bounded executions, oldest first, each order exactly once, reading only the end of the list', async () => {
		const trigger = await published({ event: 'orderNew', options: { maxItemsPerPoll: 150 } });
		await control().advance(1);
		const placed = await placeOrders(700, { secondsApart: 2 });
		bench.mark();

		const first = (await trigger.tick()) ?? [];
		// The first page (for the total), then only the pages at the end, where the oldest new orders are.
		const offsets = v2Requests().map((entry) => Number(entry.query.offset));
		expect(offsets[0]).toBe(0);
		expect(offsets.slice(1).every((offset) => offset >= 500)).toBe(true);
		const batches = [first, ...(await trigger.drain())];

		expect(batches.map((batch) => batch.length)).toEqual([150, 150, 150, 150, 100]);
		expect(batches.flatMap((batch) => ids(batch, 'id_order'))).toEqual(placed);
	});

	it('with a Start Date, the first poll emits the orders since that date', async () => {
		await control().advance(100);
		const placed = await placeOrders(3, { secondsApart: 1 });
		const since = seconds(
			Date.parse(
				`${control()
					.db.orders.find((order) => order.id_order === placed[0])!
					.ts_created.replace(' ', 'T')}Z`,
			),
		);
		const trigger = host({ event: 'orderNew', options: { startDate: new Date(since * 1000).toISOString() } });

		await trigger.activate();

		expect(ids(trigger.executions.flat(), 'id_order')).toEqual(placed);
		expect(v2Requests()[0].query).toMatchObject({ ts_created_from_iso: formatIsoTime(since) });
	});

	it('Fetch Test Event outputs the newest order with one request and leaves the cursor alone', async () => {
		const trigger = await published({ event: 'orderNew' });
		const saved = JSON.stringify(trigger.staticData);
		await control().advance(10);
		const [newest] = await placeOrders(1);
		bench.mark();

		const run = await trigger.fetchTestEvent();

		expect(run.error).toBeUndefined();
		expect(run.output('Seller Marketplace Poll Trigger').map((item) => item.json.id_order)).toEqual([newest]);
		expect(v2Requests().map(asked)).toEqual([
			{ method: 'GET', path: '/orders', query: { storefront: 'de', limit: '1', offset: '0' } },
		]);
		expect(JSON.stringify(trigger.staticData)).toBe(saved);
		expect(ids(await trigger.tick(), 'id_order')).toEqual([newest]);
	});

	it('follows the chosen storefront only, or all of them, each with its own cursor', async () => {
		const austria = await published({ event: 'orderNew', storefront: 'at' });
		const all = await published({ event: 'orderNew', storefront: 'all' });
		await control().advance(10);
		const [inGermany] = await placeOrders(1, { storefront: 'de' });
		await control().advance(1);
		const [inAustria] = await placeOrders(1, { storefront: 'at' });
		bench.mark();

		expect(ids(await austria.tick(), 'id_order')).toEqual([inAustria]);
		expect(v2Requests()[0].query.storefront).toBe('at');
		expect(pollState(austria.staticData)?.key).toBe('orderNew::at');
		bench.mark();
		expect(ids(await all.tick(), 'id_order')).toEqual([inGermany, inAustria]);
		expect(v2Requests()[0].query).not.toHaveProperty('storefront');
	});

	it("reads the credentials' Default Storefront when none is chosen", async () => {
		const trigger = host({ event: 'orderNew' }, { storefront: 'cz' });
		await trigger.activate();
		expect(v2Requests().map((entry) => entry.query.storefront)).toEqual(['cz', 'cz']);
		expect(pollState(trigger.staticData)).toMatchObject({ key: 'orderNew::cz', cursor: newestOrderSecond('cz') });
		bench.mark();
		await control().advance(10);
		await placeOrders(1, { storefront: 'de' });
		const [inCzechia] = await placeOrders(1, { storefront: 'cz' });
		expect(ids(await trigger.tick(), 'id_order')).toEqual([inCzechia]);
	});

	it('refuses a storefront that is not one, naming the field, before any request', async () => {
		const trigger = host({ event: 'orderNew', storefront: '../orders' });
		await expect(trigger.activate()).rejects.toThrow('"Storefront" has an unknown value "../orders"');
		expect(v2Requests()).toEqual([]);
	});
});

describe('Poll Trigger v2: Order Unit Reached Status', () => {
	it('emits an order unit once when it reaches a chosen status; two statuses: one read by update time without them', async () => {
		const trigger = await published({ event: 'orderUnitStatus', orderUnitStatuses: ['sent', 'need_to_be_sent'] });
		expect(pollState(trigger.staticData)?.key).toBe('orderUnitStatus:need_to_be_sent,sent:de');
		await control().advance(20);
		const { orderUnits } = await control().createOrder({ status: 'open' });
		expect(await trigger.tick()).toBeUndefined();

		await control().advance(5);
		control().setStatus('orderUnits', orderUnits[0].id_order_unit, 'need_to_be_sent');
		bench.mark();
		const items = await trigger.tick();

		expect(ids(items, 'id_order_unit')).toEqual([orderUnits[0].id_order_unit]);
		expect(items?.[0]).toMatchObject({ status: 'need_to_be_sent', ts_updated_iso: expect.stringMatching(/Z$/) });
		// Two statuses are not sent (however the marketplace reads several, api-rules.md W3): the changes are read.
		expect(v2Requests().length).toBeGreaterThan(0);
		for (const read of v2Requests()) {
			expect(read).toMatchObject({
				method: 'GET',
				path: '/order-units',
				query: {
					sort: 'ts_updated:desc',
					storefront: 'de',
					ts_updated_from_iso: expect.stringMatching(/Z$/),
					limit: '100',
					offset: '0',
				},
			});
			expect(read.query.status).toBeUndefined();
		}
		expect(await trigger.tick()).toBeUndefined();
	});
});

describe('Poll Trigger v2: Unit Out of Stock', () => {
	it('emits an offer of the storefront once when its amount reaches 0, and again after it was restocked', async () => {
		const trigger = await published({ event: 'unitOutOfStock' });
		const unit = control().db.units.find(
			(candidate) => (candidate._storefront ?? 'de') === 'de' && Number(candidate.amount) > 0,
		)!;
		expect(await trigger.tick()).toBeUndefined();
		expect(
			v2Requests().every(
				(entry) => entry.path === '/units' && entry.query.storefront === 'de' && entry.query.limit === '100',
			),
		).toBe(true);

		unit.amount = 0;
		const items = await trigger.tick();
		expect(ids(items, 'id_unit')).toEqual([unit.id_unit]);
		expect(items?.[0]).toMatchObject({ amount: 0, storefront: 'de' });
		expect(await trigger.tick()).toBeUndefined();

		unit.amount = 4;
		expect(await trigger.tick()).toBeUndefined();
		unit.amount = 0;
		expect(ids(await trigger.tick(), 'id_unit')).toEqual([unit.id_unit]);
	});

	it('does not offer all storefronts: the units list needs one', async () => {
		const trigger = host({ event: 'unitOutOfStock', storefront: 'all' });
		await expect(trigger.activate()).rejects.toThrow('"Storefront" has an unknown value "all"');
		expect(v2Requests()).toEqual([]);
	});
});
