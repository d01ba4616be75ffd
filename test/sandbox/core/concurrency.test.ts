/**
 * The sandbox serves requests side by side: a latency fault holds each request on its own, and a page of a large
 * collection costs a pass over it, not a sort of the whole collection on the event loop (which made four
 * concurrent pages wait for each other). Times are the sandbox's own (the request log's receivedMs/answeredMs).
 */
import { useV2Client } from '../v2/client';

describe('sandbox: concurrent requests', () => {
	const { sandbox, api } = useV2Client({ orders: 400 });
	const units = () => sandbox().control.db.orderUnits;
	// what GET /order-units lists by default (fulfillment_type defaults to fulfilled_by_merchant)
	const listed = () => units().filter((u) => !u._fulfilled_by_marketplace);

	it('holds four requests under a 200 ms latency fault at the same time, not one after the other', async () => {
		sandbox().control.addFault({ kind: 'latency', latencyMs: 200, path: '/v2/order-units' });
		const answers = await Promise.all([0, 1, 2, 3].map((i) => api().get(`/order-units?limit=30&offset=${i * 30}`)));
		expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);

		const log = sandbox()
			.control.requests()
			.filter((entry) => entry.operationId === 'GetOrderUnits');
		expect(log).toHaveLength(4);
		expect(log.every((entry) => entry.fault?.includes('latency 200ms'))).toBe(true);
		// every request was received before any was answered: all four [received, answered] intervals share an instant
		const lastReceived = Math.max(...log.map((entry) => entry.receivedMs));
		const firstAnswered = Math.min(...log.map((entry) => entry.answeredMs!));
		expect(lastReceived).toBeLessThan(firstAnswered);
		// and each was held for its own 200 ms
		for (const entry of log) expect(entry.answeredMs! - entry.receivedMs).toBeGreaterThanOrEqual(199);
	});

	it('answers a page of a collection stored oldest first without sorting the whole collection', async () => {
		const sort = jest.spyOn(Array.prototype, 'sort');
		try {
			const response = await api().get('/order-units?limit=30&offset=60');
			expect(response.status).toBe(200);
			const newestFirst = [...listed()].reverse().slice(60, 90);
			expect(response.json.data.map((u: { id_order_unit: number }) => u.id_order_unit)).toEqual(
				newestFirst.map((u) => u.id_order_unit),
			);
			const wholeCollectionSorts = sort.mock.contexts.filter(
				(array) => Array.isArray(array) && array.length >= listed().length,
			);
			expect(wholeCollectionSorts).toEqual([]);
		} finally {
			sort.mockRestore();
		}
	});

	it('still sorts newest first, ties later-stored first, when the stored order is not by time', async () => {
		const rows = listed();
		// the oldest unit made the newest, and two units given the same time
		const [oldest] = rows;
		oldest.ts_created = '2030-01-01 00:00:00';
		rows[5].ts_created = rows[6].ts_created;
		const response = await api().get(`/order-units?limit=100&offset=0`);
		expect(response.status).toBe(200);
		const expected = rows
			.map((row, i) => ({ id: row.id_order_unit, ts: row.ts_created, i }))
			.sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : b.i - a.i))
			.slice(0, 100)
			.map((r) => r.id);
		const ids = response.json.data.map((u: { id_order_unit: number }) => u.id_order_unit);
		expect(ids[0]).toBe(oldest.id_order_unit);
		expect(ids).toEqual(expected);
	});
});
