/**
 * Return All / Limit of the action node (API v1 and v2) and a picker's list search, against list answers the
 * OpenAPI allows but the sandbox gives only when asked (setListAnswers). Each run goes through n8n-core's
 * WorkflowExecute (the picker through its LoadOptionsContext); the requests that reached the sandbox are
 * counted. Figures before the paging engine: docs/architecture.md ("One paging engine").
 */
import type { IDataObject } from 'n8n-workflow';

import * as listSearchV2 from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import { startSandbox, type ListAnswersOptions, type RequestLogEntry, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { loadOptionsContextV2, runSellerNode, runSellerNodeV2, type SellerCredentialsV2 } from '../../harness/workflow';

let sandbox: Sandbox;
let credentialsV2: SellerCredentialsV2;

beforeAll(async () => {
	sandbox = await startSandbox({ strict: true, orders: 250 });
	credentialsV2 = {
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		baseUrl: sandbox.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());
afterEach(() => expect(sandbox.control.responseViolations()).toEqual([]));

const credentialsV1 = () => ({ clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl });

const VERSIONS = [
	{
		api: 'v1' as const,
		path: '/orders/seller/',
		pageSize: 30,
		run: async (parameters: IDataObject) =>
			await runSellerNode(credentialsV1(), { parameters: { resource: 'order', operation: 'getMany', ...parameters } }),
	},
	{
		api: 'v2' as const,
		path: '/orders',
		pageSize: 100,
		run: async (parameters: IDataObject) =>
			await runSellerNodeV2(credentialsV2, { parameters: { resource: 'order', operation: 'getMany', ...parameters } }),
	},
];

const lists = (api: 'v1' | 'v2', path: string): RequestLogEntry[] =>
	sandbox.control.requests().filter((entry) => (entry.api ?? 'v1') === api && entry.path === path);
const window = (entry: RequestLogEntry) => ({ limit: entry.query.limit, offset: entry.query.offset });

describe.each(VERSIONS)('Order → Get Many, API $api: list answers the OpenAPI allows', (version) => {
	const odd = (answers: Omit<ListAnswersOptions, 'path'>) =>
		sandbox.control.setListAnswers({ path: version.path, ...answers });

	it('Limit 5 and pages shorter than asked: five orders in five requests, never a smaller page size than the Limit needs (before: v2 sent limit=1)', async () => {
		odd({ pageRecords: 1 });

		const run = await version.run({ returnAll: false, limit: 5 });

		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(5);
		// Each request asks for every order the Limit still misses.
		expect(lists(version.api, version.path).map(window)).toEqual([
			{ limit: '5', offset: '0' },
			{ limit: '4', offset: '1' },
			{ limit: '3', offset: '2' },
			{ limit: '2', offset: '3' },
			{ limit: '1', offset: '4' },
		]);
	});

	it('Limit 5 of a list without its total: five orders, one request', async () => {
		odd({ omitTotal: true });

		const run = await version.run({ returnAll: false, limit: 5 });

		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(5);
		expect(lists(version.api, version.path).map(window)).toEqual([{ limit: '5', offset: '0' }]);
	});

	it('Return All, pages that repeat the first under a large total: stops within a few requests and says what it read (before: never ended)', async () => {
		odd({ repeatFirstPage: true, total: 1_000_000 });

		const run = await version.run({ returnAll: true });

		expect(run.error?.message).toMatch(
			new RegExp(
				`read ${version.pageSize} records in 1 pages; the page at offset ${version.pageSize} repeated records already read \\(total 1000000\\)`,
			),
		);
		// The first page, then at most Page Concurrency (4) pages in flight when the repeat shows.
		expect(lists(version.api, version.path).length).toBeLessThanOrEqual(5);
		expect(lists(version.api, version.path).every((entry) => entry.query.limit === String(version.pageSize))).toBe(
			true,
		);
		expect(run.items).toEqual([]);
	});

	it('Return All, short pages under a huge total: reads the records there are at the full page size, then an error that the total lied (before: limit=1 and no error)', async () => {
		const orders = (await version.run({ returnAll: true })).items.length;
		sandbox.control.clearRequests();
		odd({ pageRecords: 1, total: 1_000_000_000 });

		const run = await version.run({ returnAll: true });

		expect(run.error?.message).toMatch(
			new RegExp(
				`read ${orders} records in ${orders} pages; the page at offset ${orders} was empty, although the total is 1000000000`,
			),
		);
		const requests = lists(version.api, version.path);
		expect(requests.every((entry) => entry.query.limit === String(version.pageSize))).toBe(true);
		// One page a record (the server gives no more), one at a time once a page came back short, and the empty one.
		expect(requests.length).toBeLessThanOrEqual(orders + 4);
	});

	it('Return All of a list without its total: every order, read until the short page, pages of the full size', async () => {
		const expected = (await version.run({ returnAll: true })).items.map((item) => item.json.id_order);
		expect(expected.length).toBeGreaterThan(version.pageSize);
		sandbox.control.clearRequests();
		odd({ omitTotal: true });

		const run = await version.run({ returnAll: true });

		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.id_order)).toEqual(expected);
		const requests = lists(version.api, version.path);
		expect(requests.every((entry) => entry.query.limit === String(version.pageSize))).toBe(true);
		// Pages are asked ahead while they come back full: at most Page Concurrency (4) past the end.
		expect(requests.length).toBeLessThanOrEqual(Math.ceil(expected.length / version.pageSize) + 4);
	});

	it('Return All, a total that jumps from page to page: stops and says so (before: followed it)', async () => {
		odd({ totalStep: 1_000_000 });

		const run = await version.run({ returnAll: true });

		expect(run.error?.message).toMatch(/the page at offset \d+ gave a total of \d+, where the first gave \d+/);
		expect(lists(version.api, version.path).length).toBeLessThanOrEqual(5);
	});
});

describe('a picker (Order → Get, From List, API v2) against odd list answers', () => {
	const context = () => loadOptionsContextV2(credentialsV2, { resource: 'order', operation: 'get' });
	const odd = (answers: Omit<ListAnswersOptions, 'path'>) =>
		sandbox.control.setListAnswers({ path: '/orders', ...answers });

	it('a list without its total: the next page is offered (before: the list ended after its first page)', async () => {
		odd({ omitTotal: true });

		const first = await listSearchV2.searchOrders.call(context());

		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		expect(lists('v2', '/orders').map(window)).toEqual([{ limit: '100', offset: '0' }]);
	});

	it('pages that repeat the first while nothing matches the typed text: an error after two requests (before: ten a call, and a next page offered for ever)', async () => {
		odd({ repeatFirstPage: true, total: 1_000_000 });

		await expect(listSearchV2.searchOrders.call(context(), 'no order is called so')).rejects.toThrow(
			/read 100 records in 1 pages; the page at offset 100 repeated records already read/,
		);
		expect(lists('v2', '/orders').map(window)).toEqual([
			{ limit: '100', offset: '0' },
			{ limit: '100', offset: '100' },
		]);
	});
});

/**
 * Issue 31 item 4: a busy seller's Return All. New orders are placed while the order units are read (each page
 * answered a little late, so the new units move the pages still to come); every unit that existed when the read
 * started is output exactly once, and no unit twice.
 */
describe.each([
	{
		api: 'v1' as const,
		path: '/order-units/seller/',
		run: async () =>
			await runSellerNode(credentialsV1(), {
				parameters: { resource: 'orderUnit', operation: 'getMany', returnAll: true },
			}),
	},
	{
		api: 'v2' as const,
		path: '/order-units',
		run: async () =>
			await runSellerNodeV2(credentialsV2, {
				parameters: { resource: 'orderUnit', operation: 'getMany', returnAll: true, storefront: 'all' },
			}),
	},
])('Order Unit → Get Many, API $api: Return All while 30 orders arrive', (version) => {
	it('outputs every order unit once (before: "the page … repeated records already read", nothing output)', async () => {
		// What a quiet Return All outputs: the order units there before the arrivals.
		const quiet = await version.run();
		const before = quiet.items.map((item) => item.json.id_order_unit);
		expect(before.length).toBeGreaterThan(500);
		sandbox.control.clearRequests();
		sandbox.control.addFault({ path: version.path, kind: 'latency', latencyMs: 25 });
		const reading = version.run();
		// The orders arrive while the pages are asked for: one every 10 ms, until 30 are placed or the read is over.
		let placed = 0;
		let done = false;
		void reading.finally(() => (done = true));
		while (placed < 30 && !done) {
			await sandbox.control.createOrder({ units: [{ id_unit: sandbox.control.db.units[0].id_unit, quantity: 1 }] });
			placed++;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		const run = await reading;

		expect(run.error).toBeUndefined();
		expect(placed).toBeGreaterThan(5);
		const output = run.items.map((item) => item.json.id_order_unit);
		expect(new Set(output).size).toBe(output.length);
		expect(before.filter((id) => !output.includes(id))).toEqual([]);
		const pages = lists(version.api, version.path);
		expect(pages.length).toBeGreaterThan(5);
	});
});
