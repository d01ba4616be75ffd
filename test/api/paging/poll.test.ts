/**
 * The poll triggers (both versions) against list answers the OpenAPI allows but the sandbox gives only when
 * asked (setListAnswers): each poll runs through n8n-core's PollContext and PollTriggerExecutor (test/harness
 * /poll-host.ts), and the requests that reached the sandbox are counted. Figures before the paging engine:
 * docs/architecture.md ("One paging engine").
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListAnswersOptions, RequestLogEntry } from '../../../sandbox';
import type { PollHost } from '../../harness/poll-host';
import {
	ids,
	startPollBench,
	timestampOf,
	type PollBench,
	resetBenchEachTest,
} from '../../SellerMarketplacePollTrigger/helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench({ orders: 30 });
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const lists = (api: 'v1' | 'v2'): RequestLogEntry[] => bench.since().filter((entry) => (entry.api ?? 'v1') === api);
const VERSIONS = [
	{
		api: 'v1' as const,
		path: '/orders/seller/',
		host: (parameters: IDataObject) => bench.host({ event: 'orderNew', ...parameters }),
	},
	{
		api: 'v2' as const,
		path: '/orders',
		host: (parameters: IDataObject) => bench.hostV2({ event: 'orderNew', ...parameters }),
	},
];

async function published(version: (typeof VERSIONS)[number], parameters: IDataObject = {}): Promise<PollHost> {
	const trigger = version.host(parameters);
	await trigger.activate();
	await control().advance(1);
	bench.mark();
	return trigger;
}

async function placeOrders(count: number): Promise<string[]> {
	const placed: string[] = [];
	for (let index = 0; index < count; index++) placed.push((await control().createOrder({})).order.id_order);
	return placed;
}

/** A poll that fails: the error n8n records, and the requests it cost. */
async function failedPoll(
	trigger: PollHost,
	api: 'v1' | 'v2',
): Promise<{ message: string; requests: RequestLogEntry[] }> {
	bench.mark();
	const error = await trigger.tick().then(
		() => undefined,
		(failure: Error) => failure,
	);
	expect(error).toBeInstanceOf(Error);
	return { message: error!.message, requests: lists(api) };
}

describe.each(VERSIONS)('Poll Trigger $api: list answers the OpenAPI allows', (version) => {
	const odd = (answers: Omit<ListAnswersOptions, 'path'>) =>
		control().setListAnswers({ path: version.path, ...answers });

	it('short pages under a huge total: the poll reads what there is, then fails saying the total lied (before: wrong page size, "kept changing")', async () => {
		const trigger = await published(version);
		await placeOrders(3);
		odd({ pageRecords: 1, total: 1_000_000_000 });

		const { message, requests } = await failedPoll(trigger, version.api);

		expect(message).toMatch(
			/read (\d+) records in \1 pages; the page at offset \1 was empty, although the total is 1000000000/,
		);
		const read = Number(/read (\d+) records/.exec(message)![1]);
		expect(requests.length).toBeLessThanOrEqual(read + 4);
		expect(trigger.executions).toEqual([]);
	});

	it('short pages under a huge total at activation: it fails after reading what there is (before: the window was planned one record a page, up to the total)', async () => {
		odd({ pageRecords: 1, total: 1_000_000_000 });
		const trigger = version.host({});

		const error = await trigger.activate().then(
			() => undefined,
			(failure: Error) => failure,
		);

		expect(error?.message).toMatch(
			/read (\d+) records in \1 pages; the page at offset \1 was empty, although the total is 1000000000/,
		);
		const read = Number(/read (\d+) records/.exec(error!.message)![1]);
		// The newest order, then the window: a page a record, and the empty page.
		expect(lists(version.api).length).toBeLessThanOrEqual(read + 5);
	});

	it('pages that repeat the first one under a large total: the activation fails within a few requests (before: it hung)', async () => {
		await placeOrders(version.api === 'v1' ? 40 : 120);
		odd({ repeatFirstPage: true, total: 1_000_000 });
		const trigger = version.host({});

		const error = await trigger.activate().then(
			() => undefined,
			(failure: Error) => failure,
		);

		expect(error?.message).toMatch(/read \d+ records in 1 pages; the page at offset \d+ repeated records already read/);
		// The newest order, the first page, and at most Page Concurrency (4) pages in flight when the repeat shows.
		expect(lists(version.api).length).toBeLessThanOrEqual(6);
	});

	it('a list without its total (pagination is optional): read until the short page, every new order emitted once (before: v2 refused it, v1 too)', async () => {
		const trigger = await published(version);
		odd({ omitTotal: true });
		const placed = await placeOrders(45);

		const items = await trigger.tick();

		expect(ids(items, 'id_order')).toEqual(placed);
		const requests = lists(version.api);
		const pageSize = version.api === 'v1' ? 30 : 100;
		// Without a total, pages are asked ahead while they come back full: at most Page Concurrency (4) past the end.
		expect(requests.length).toBeLessThanOrEqual(Math.ceil((30 + 45) / pageSize) + 4);
		expect(requests.every((entry) => entry.query.limit === String(pageSize))).toBe(true);
		expect(await trigger.tick()).toBeUndefined();
	});

	it('a total that jumps while pages are read: the poll fails and says so, the cursor stays (before: read on to the new total)', async () => {
		const trigger = await published(version, { options: { maxItemsPerPoll: 1000 } });
		const placed = await placeOrders(version.api === 'v1' ? 70 : 230);
		odd({ totalStep: 1_000_000 });

		const { message, requests } = await failedPoll(trigger, version.api);

		expect(message).toMatch(/the page at offset \d+ gave a total of \d+, where the first gave \d+/);
		expect(requests.length).toBeLessThanOrEqual(6);
		control().setListAnswers(null);
		expect(ids(await trigger.tick(), 'id_order')).toEqual(placed);
	});
});

describe.each(VERSIONS)('Poll Trigger $api: an idle poll after a burst (issue 26)', (version) => {
	it('costs one request once the burst is emitted (before: v1 34, v2 10), and a late order in the window is still emitted', async () => {
		const trigger = await published(version, { options: { maxItemsPerPoll: 1000 } });
		const burst = await placeOrders(1000);
		expect(ids(await trigger.tick(), 'id_order')).toEqual(burst);

		for (let poll = 0; poll < 3; poll++) {
			bench.mark();
			expect(await trigger.tick()).toBeUndefined();
			expect(lists(version.api).map((entry) => entry.query.offset)).toEqual(['0']);
		}

		// An order the marketplace lists late, with a time inside the lookback window, older than the newest emitted.
		const [late] = await placeOrders(1);
		const record = control().db.orders.find((order) => order.id_order === late)!;
		record.ts_created = timestampOf(
			Date.parse(`${control().db.orders[control().db.orders.length - 2].ts_created.replace(' ', 'T')}Z`) / 1000 - 60,
		);
		bench.mark();
		expect(ids(await trigger.tick(), 'id_order')).toEqual([late]);
		expect(await trigger.tick()).toBeUndefined();
	});
});
