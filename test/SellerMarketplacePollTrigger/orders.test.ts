/**
 * The poll trigger's "New Order" event, polled through n8n-core's PollTriggerExecutor and PollContext
 * against the sandbox: what each poll asks the marketplace, and what each execution starts with.
 * The sandbox clock stands still unless a test moves it, so equal timestamps are exact.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Order } from '../../sandbox';
import { PollHost } from '../harness/poll-host';
import { asked, ids, pollState, secondsOf, sleep, startPollBench, timestampOf, type PollBench } from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench();
});
afterAll(async () => await bench.sandbox.close());
beforeEach(() => {
	bench.sandbox.control.reset();
	bench.mark();
});

const control = () => bench.sandbox.control;
const LOOKBACK = 600;
const newestVisibleOrder = (): Order =>
	control()
		.db.orders.filter((order) => !order._fulfilled_by_marketplace)
		.reduce((newest, order) => (order.ts_created >= newest.ts_created ? order : newest));

async function placeOrders(count: number, { secondsApart = 0 } = {}): Promise<string[]> {
	const placed: string[] = [];
	for (let index = 0; index < count; index++) {
		if (secondsApart && index > 0) await control().advance(secondsApart);
		placed.push((await control().createOrder()).order.id_order);
	}
	return placed;
}

/** A published New Order trigger whose first poll is done (it marks what exists). */
async function published(options: INodeParameters = {}): Promise<PollHost> {
	const host = bench.host({ event: 'orderNew', options });
	await host.activate();
	bench.mark();
	return host;
}

/** 100 new orders (four pages) and a poll whose first page the sandbox holds back 200 ms; returns while it is out. */
async function pollWithFirstPageOut(): Promise<{
	host: PollHost;
	placed: string[];
	polling: Promise<IDataObject[] | undefined>;
}> {
	const host = await published();
	await control().advance(1);
	const placed = await placeOrders(100, { secondsApart: 1 });
	control().addFault({ path: '/orders/seller/', kind: 'latency', latencyMs: 200, times: 1 });
	const polling = host.tick();
	await sleep(80);
	return { host, placed, polling };
}

describe('New Order', () => {
	it('starts from now: the first poll marks the existing orders, idle polls emit nothing and cost one request', async () => {
		const newest = newestVisibleOrder();
		const host = bench.host({ event: 'orderNew' });

		await host.activate();

		// The newest order, then the lookback window before it: everything in it counts as known.
		expect(bench.since().map(asked)).toEqual([
			{ method: 'GET', path: '/orders/seller/', query: { limit: '1', offset: '0' } },
			{
				method: 'GET',
				path: '/orders/seller/',
				query: { 'ts_created:from': timestampOf(secondsOf(newest.ts_created) - LOOKBACK), limit: '30', offset: '0' },
			},
		]);
		expect(bench.since().every((entry) => entry.signatureValid && entry.status === 200)).toBe(true);
		expect(host.executions).toEqual([]);
		expect(pollState(host.staticData)).toMatchObject({ key: 'orderNew', cursor: secondsOf(newest.ts_created) });

		bench.mark();
		expect(await host.tick()).toBeUndefined();
		expect(await host.tick()).toBeUndefined();
		const idle = bench.since();
		expect(idle.map(asked)).toEqual(
			[1, 2].map(() => ({
				method: 'GET',
				path: '/orders/seller/',
				query: { 'ts_created:from': timestampOf(secondsOf(newest.ts_created) - LOOKBACK), limit: '30', offset: '0' },
			})),
		);
		console.log(`Requests one idle poll costs (New Order, API v1): ${idle.length / 2}`);
		expect(host.executions).toEqual([]);
	});

	it('emits orders placed between polls once each, oldest first, reading from the cursor minus the lookback window', async () => {
		const host = await published();
		await control().advance(60);
		const first = await placeOrders(3, { secondsApart: 1 });

		const items = await host.tick();

		expect(ids(items, 'id_order')).toEqual(first);
		expect(items?.[0]).toEqual(
			Object.fromEntries(
				Object.entries(control().db.orders.find((order) => order.id_order === first[0])!).filter(([key]) =>
					[
						'id_order',
						'seller_units_count',
						'ts_created',
						'ts_units_updated',
						'is_marketplace_deemed_supplier',
					].includes(key),
				),
			),
		);
		const cursor = secondsOf(String(items![2].ts_created));
		expect(pollState(host.staticData)?.cursor).toBe(cursor);

		await control().advance(5);
		const second = await placeOrders(2, { secondsApart: 1 });
		bench.mark();
		expect(ids(await host.tick(), 'id_order')).toEqual(second);
		expect(bench.since().map(asked)).toEqual([
			{
				method: 'GET',
				path: '/orders/seller/',
				query: { 'ts_created:from': timestampOf(cursor - LOOKBACK), limit: '30', offset: '0' },
			},
		]);
		expect(await host.tick()).toBeUndefined();
		expect(host.executions.map((batch) => ids(batch, 'id_order'))).toEqual([first, second]);
	});

	it('emits an order with the same timestamp as the cursor, placed after the poll that moved it there', async () => {
		const host = await published();
		await control().advance(1);
		const [a] = await placeOrders(1);
		expect(ids(await host.tick(), 'id_order')).toEqual([a]);

		// The clock has not moved: these carry the very second of the cursor.
		const [b] = await placeOrders(1);
		expect(ids(await host.tick(), 'id_order')).toEqual([b]);
		const [c, d] = await placeOrders(2);
		expect(ids(await host.tick(), 'id_order')).toEqual([c, d]);
		expect(await host.tick()).toBeUndefined();

		const state = pollState(host.staticData)!;
		expect(state.seen?.[String(state.cursor)]).toEqual([a, b, c, d]);
	});

	it('cuts a poll inside one second at Max Items per Poll and emits the rest of that second next time', async () => {
		const host = await published({ maxItemsPerPoll: 3 });
		await control().advance(1);
		const placed = await placeOrders(7);

		const batches = await host.drain();

		expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
		expect(batches.flatMap((batch) => ids(batch, 'id_order'))).toEqual([...placed].sort());
	});

	it('emits orders placed while a poll is reading on the next poll, never twice', async () => {
		const host = await published();
		await control().advance(1);
		const before = await placeOrders(45, { secondsApart: 1 });
		control().addFault({ path: '/orders/seller/', kind: 'latency', latencyMs: 150 });

		const polling = host.tick();
		await sleep(60);
		await control().advance(1);
		const during = await placeOrders(4);
		const firstBatch = await polling;
		control().clearFaults();
		const rest = await host.drain();

		const emitted = [firstBatch ?? [], ...rest].flatMap((batch) => ids(batch, 'id_order'));
		expect(emitted).toEqual([...before, ...during]);
		expect(ids(firstBatch, 'id_order')).toEqual(expect.arrayContaining(before));
	});

	it('reads the pages again one after another when orders arrive while pages are read in parallel, so none slips between two pages', async () => {
		const { host, placed, polling } = await pollWithFirstPageOut();
		// The next request (offset 30) is made slower still, so the pages after it come back first and the
		// new orders shift it.
		control().addFault({ path: '/orders/seller/', kind: 'latency', latencyMs: 300, times: 1 });
		await sleep(250);
		await control().advance(1);
		const during = await placeOrders(5);

		expect(ids(await polling, 'id_order')).toEqual(placed);
		expect(ids(await host.tick(), 'id_order')).toEqual(during);
		const firstPages = bench.since().filter((entry) => entry.query.offset === '0' && entry.query.limit === '30');
		expect(firstPages.length).toBe(3); // the parallel read, the read again one page after another, the next poll
	});

	it('neither repeats nor loses orders across a restart: only the saved static data survives', async () => {
		const host = await published();
		await control().advance(1);
		const first = await placeOrders(2);
		expect(ids(await host.tick(), 'id_order')).toEqual(first);

		// n8n is down while these arrive; the restarted trigger emits them in its first poll.
		await control().advance(30);
		const whileDown = await placeOrders(3, { secondsApart: 1 });
		const restarted = host.restart();
		await restarted.activate();

		expect(restarted.executions.map((batch) => ids(batch, 'id_order'))).toEqual([whileDown]);
		expect(await restarted.tick()).toBeUndefined();
		expect(pollState(restarted.staticData)?.cursor).toBe(
			secondsOf(control().db.orders.find((o) => o.id_order === whileDown[2])!.ts_created),
		);

		// Had n8n lost that last save (it saves before it runs the execution), the older cursor would
		// repeat what followed it; it never skips an order.
		const stale = new PollHost({
			credentials: bench.credentials,
			parameters: { event: 'orderNew' },
			staticData: host.staticData,
			workflowId: 'wf-stale',
		});
		await stale.activate();
		expect(stale.executions.map((batch) => ids(batch, 'id_order'))).toEqual([whileDown]);
	});

	it('follows the marketplace clock, not the clock of the n8n machine (the marketplace running hours ahead)', async () => {
		const host = await published();
		await control().advance(3 * 3600);
		const placed = await placeOrders(2, { secondsApart: 1 });
		const ahead = secondsOf(control().db.orders.find((order) => order.id_order === placed[1])!.ts_created);
		expect(ahead - Date.now() / 1000).toBeGreaterThan(3 * 3600 - 60);

		expect(ids(await host.tick(), 'id_order')).toEqual(placed);
		bench.mark();
		expect(await host.tick()).toBeUndefined();
		expect(bench.since()[0].query['ts_created:from']).toBe(timestampOf(ahead - LOOKBACK));
	});

	it('emits an order that shows up late with a timestamp inside the lookback window, once; an older one is not read', async () => {
		const host = await published();
		const holdBack = (id: string): Order => {
			const orders = control().db.orders;
			return orders.splice(
				orders.findIndex((order) => order.id_order === id),
				1,
			)[0];
		};
		const release = (order: Order) => {
			const orders = control().db.orders;
			const at = orders.findIndex((other) => other.ts_created > order.ts_created);
			orders.splice(at === -1 ? orders.length : at, 0, order);
		};

		await control().advance(1);
		const [late] = await placeOrders(1);
		const lateOrder = holdBack(late);
		await control().advance(300);
		const [onTime] = await placeOrders(1);
		expect(ids(await host.tick(), 'id_order')).toEqual([onTime]);
		release(lateOrder);
		expect(ids(await host.tick(), 'id_order')).toEqual([late]);
		expect(await host.tick()).toBeUndefined();

		// Later than the lookback window: outside of what the trigger promises, and not read.
		const [tooLate] = await placeOrders(1);
		const tooLateOrder = holdBack(tooLate);
		await control().advance(LOOKBACK + 60);
		const [next] = await placeOrders(1);
		expect(ids(await host.tick(), 'id_order')).toEqual([next]);
		release(tooLateOrder);
		bench.mark();
		expect(await host.tick()).toBeUndefined();
		expect(bench.since()[0].query['ts_created:from'] > tooLateOrder.ts_created).toBe(true);
	});

	it('skips a poll that starts while the previous one is still running, without a request', async () => {
		const host = await published();
		await control().advance(1);
		const placed = await placeOrders(3);
		control().addFault({ path: '/orders/seller/', kind: 'latency', latencyMs: 300 });

		const slow = host.tick();
		await sleep(50);
		const requestsBefore = control().requests().length;
		expect(await host.tick()).toBeUndefined();
		expect(control().requests().length).toBe(requestsBefore);

		expect(ids(await slow, 'id_order')).toEqual(placed);
		control().clearFaults();
		expect(await host.tick()).toBeUndefined();
		expect(host.executions).toHaveLength(1);
	});

	it('asks again for a page refused with 429 in the middle of a poll and emits every order once', async () => {
		const { host, placed, polling } = await pollWithFirstPageOut();
		// The next request of the poll is refused once.
		control().addFault({ path: '/orders/seller/', kind: 'status', status: 429, retryAfter: '1', times: 1 });

		const items = await polling;

		expect(ids(items, 'id_order')).toEqual(placed);
		const log = bench.since();
		const refused = log.filter((entry) => entry.status === 429);
		expect(refused).toHaveLength(1);
		expect(refused[0].fault).toMatch(/status 429/);
		const retried = log.filter((entry) => entry.status === 200 && entry.rawUrl === refused[0].rawUrl);
		expect(retried).toHaveLength(1);
		expect(retried[0].seq).toBeGreaterThan(refused[0].seq);
		expect(await host.tick()).toBeUndefined();
	});

	it('works off a backlog of 5,000 orders in bounded executions over several polls, each order exactly once', async () => {
		const host = await published({ maxItemsPerPoll: 500 });
		await control().advance(1);
		const placed = await placeOrders(5000, { secondsApart: 2 });
		bench.mark();

		const perPoll: number[] = [];
		const batches: IDataObject[][] = [];
		for (;;) {
			const requestsBefore = control().requests().length;
			const items = await host.tick();
			perPoll.push(control().requests().length - requestsBefore);
			if (!items) break;
			batches.push(items);
		}

		expect(batches.map((batch) => batch.length)).toEqual(Array(10).fill(500));
		const emitted = batches.flatMap((batch) => ids(batch, 'id_order'));
		expect(emitted).toEqual(placed);
		expect(new Set(emitted).size).toBe(5000);
		// Each poll reads the end of the list (the oldest new orders) and the lookback window, never the whole backlog.
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(1 + Math.ceil((500 + LOOKBACK / 2 + 1) / 30) + 1);
		expect(bench.since().every((entry) => entry.status === 200 && entry.signatureValid)).toBe(true);
		console.log(
			`Backlog of 5,000 orders, Max Items per Poll 500: ${batches.length} executions, requests per poll ${perPoll.join(', ')} (${bench.since().length} in all)`,
		);
	});

	it('Start Date: the first poll emits the orders since that date, oldest first, Max Items per Poll at a time', async () => {
		const since = '2024-05-01 00:00:00';
		const expected = control()
			.db.orders.filter((order) => !order._fulfilled_by_marketplace && order.ts_created >= since)
			.sort((a, b) => a.ts_created.localeCompare(b.ts_created))
			.map((order) => order.id_order);
		expect(expected.length).toBeGreaterThan(5);
		const host = bench.host({ event: 'orderNew', options: { startDate: '2024-05-01T00:00:00', maxItemsPerPoll: 5 } });

		await host.activate();
		expect(bench.since()[0].query).toMatchObject({ 'ts_created:from': since });
		await host.drain();

		expect(host.executions.flatMap((batch) => ids(batch, 'id_order'))).toEqual(expected);
		expect(host.executions.every((batch) => batch.length <= 5)).toBe(true);
	});

	it('Fetch Test Event outputs the newest order and leaves the saved cursor alone', async () => {
		const host = await published();
		const saved = JSON.stringify(host.staticData);
		await control().advance(1);
		const [newest] = await placeOrders(1);
		bench.mark();

		const run = await host.fetchTestEvent();

		expect(run.error).toBeUndefined();
		expect(
			ids(
				run.output('Seller Marketplace Poll Trigger').map((item) => item.json),
				'id_order',
			),
		).toEqual([newest]);
		expect(bench.since().map(asked)).toEqual([
			{ method: 'GET', path: '/orders/seller/', query: { limit: '1', offset: '0' } },
		]);
		expect(JSON.stringify(host.staticData)).toBe(saved);
		expect(ids(await host.tick(), 'id_order')).toEqual([newest]);
	});
});
