/**
 * Issue 36 item 1: the shipping deadline. "Order Unit Due Soon" emits an order unit not sent yet once its delivery
 * deadline is within the Lead Time, "Order Unit Overdue" once the deadline has passed; each order unit once, in both
 * API versions, polled through n8n-core's PollTriggerExecutor against the strict sandbox, whose clock only moves
 * when a test calls `advance` (the trigger reads the marketplace's clock from the `Date` of its answers). Units sent
 * or cancelled before their deadline never reach the workflow; a backlog larger than Max Items per Poll drains
 * exactly once, soonest deadline first, across a restart; every request asks for one status only.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { OrderUnit } from '../../sandbox';
import type { PollHost } from '../harness/poll-host';
import { ids, resetBenchEachTest, startPollBench, timestampOf, type PollBench } from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench();
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const HOUR = 3600;
const nowSeconds = () => Math.floor(control().now() / 1000);

type Api = 'v1' | 'v2';
const deadlineField = (api: Api) => (api === 'v1' ? 'delivery_time_expires' : 'delivery_time_expires_iso');

/** Every order unit of the seed gets a deadline far ahead, so that only the units a test places are due. */
function quietSeed(): void {
	const later = timestampOf(nowSeconds() + 30 * 24 * HOUR);
	for (const unit of control().db.orderUnits) unit.delivery_time_expires = later;
}

/** `count` order units (storefront de) in `status`, each due `inSeconds` from now. */
async function place(count: number, inSeconds: number, status = 'need_to_be_sent'): Promise<OrderUnit[]> {
	const unit = control().db.units.find((candidate) => (candidate._storefront ?? 'de') === 'de')!;
	const { orderUnits } = await control().createOrder({ units: [{ id_unit: unit.id_unit, quantity: count }], status });
	const deadline = timestampOf(nowSeconds() + inSeconds);
	return orderUnits.map((placed) => {
		const row = control().db.orderUnits.find((candidate) => candidate.id_order_unit === placed.id_order_unit)!;
		row.delivery_time_expires = deadline;
		return row;
	});
}

/**
 * The requests a poll makes: the unsent order units the API lists (API v1: every storefront; v2: storefront de), one
 * page per 30 (v1) or 100 (v2) of each status, and one page for a status without any.
 */
function pagesPerPoll(api: Api): number {
	const listed = (status: string) =>
		control().db.orderUnits.filter(
			(unit) =>
				unit.status === status &&
				!unit._fulfilled_by_marketplace &&
				(api === 'v1' || (unit._storefront ?? 'de') === 'de'),
		).length;
	const pageSize = api === 'v1' ? 30 : 100;
	return ['open', 'need_to_be_sent'].reduce(
		(sum, status) => sum + Math.max(1, Math.ceil(listed(status) / pageSize)),
		0,
	);
}

function host(api: Api, parameters: INodeParameters): PollHost {
	return api === 'v1' ? bench.host(parameters) : bench.hostV2(parameters);
}

const requests = (api: Api) => bench.since().filter((entry) => (entry.api ?? 'v1') === api);

/** Every request of the poll read the unsent order units, one status each. */
function expectUnsentReads(api: Api): void {
	const read = requests(api);
	expect(read.length).toBeGreaterThan(0);
	for (const entry of read) {
		expect(entry.method).toBe('GET');
		expect(entry.path).toBe(api === 'v1' ? '/order-units/seller/' : '/order-units');
		expect(['open', 'need_to_be_sent']).toContain(entry.query.status);
	}
}

describe.each(['v1', 'v2'] as const)('Poll Trigger %s: shipping deadline (issue 36)', (api) => {
	it('emits each unit at the lead time and at expiry, once each over many polls; none for units sent or cancelled before', async () => {
		quietSeed();
		const dueSoon = host(api, { event: 'orderUnitDueSoon', leadTimeHours: 4 });
		const overdue = host(api, { event: 'orderUnitOverdue' });
		const [first] = await place(1, 5 * HOUR);
		const [open] = await place(1, 5 * HOUR, 'open');
		const [second] = await place(1, 6 * HOUR);
		const [sentBefore] = await place(1, 5 * HOUR);
		const [cancelledBefore] = await place(1, 5 * HOUR);
		await dueSoon.activate();
		await overdue.activate();
		expect(dueSoon.executions).toEqual([]);
		expect(overdue.executions).toEqual([]);

		// The seller ships one and cancels one before the lead time.
		await control().advance(HOUR / 2);
		control().setStatus('orderUnits', sentBefore.id_order_unit, 'sent');
		control().setStatus('orderUnits', cancelledBefore.id_order_unit, 'cancelled');

		// A second before the lead time: nothing; at it: the two units due at 5 h, whatever their unsent status.
		await control().advance(HOUR / 2 - 1);
		expect(await dueSoon.tick()).toBeUndefined();
		await control().advance(1);
		bench.mark();
		const soon = await dueSoon.tick();
		expect(ids(soon, 'id_order_unit')).toEqual([first.id_order_unit, open.id_order_unit]);
		expect(soon![0][deadlineField(api)]).toBeDefined();
		expectUnsentReads(api);
		expect(requests(api)).toHaveLength(pagesPerPoll(api));

		for (let poll = 0; poll < 5; poll++) {
			await control().advance(60);
			expect(await dueSoon.tick()).toBeUndefined();
			expect(await overdue.tick()).toBeUndefined();
		}
		await control().advance(HOUR - 5 * 60);
		expect(ids(await dueSoon.tick(), 'id_order_unit')).toEqual([second.id_order_unit]);

		// Expiry: a second before, nothing; at it, the two units of 5 h; the one of 6 h an hour later.
		await control().advance(3 * HOUR - 1);
		expect(await overdue.tick()).toBeUndefined();
		await control().advance(1);
		expect(ids(await overdue.tick(), 'id_order_unit')).toEqual([first.id_order_unit, open.id_order_unit]);
		control().setStatus('orderUnits', first.id_order_unit, 'sent');
		for (let poll = 0; poll < 5; poll++) {
			await control().advance(60);
			expect(await overdue.tick()).toBeUndefined();
			expect(await dueSoon.tick()).toBeUndefined();
		}
		await control().advance(HOUR - 5 * 60);
		expect(ids(await overdue.tick(), 'id_order_unit')).toEqual([second.id_order_unit]);
		for (let poll = 0; poll < 5; poll++) {
			await control().advance(HOUR);
			expect(await overdue.tick()).toBeUndefined();
			expect(await dueSoon.tick()).toBeUndefined();
		}
		expect(dueSoon.errors).toEqual([]);
		expect(overdue.errors).toEqual([]);
	});

	it('drains a backlog larger than Max Items per Poll exactly once, soonest deadline first, across a restart', async () => {
		quietSeed();
		let trigger = host(api, { event: 'orderUnitOverdue', options: { maxItemsPerPoll: 100 } });
		await trigger.activate();
		// 250 units fall due within one hour, a few seconds apart, and 10 more are sent before they do.
		const backlog: OrderUnit[] = [];
		for (let batch = 0; batch < 25; batch++) backlog.push(...(await place(10, HOUR + batch * 7)));
		const shipped = await place(10, HOUR + 30);
		for (const unit of shipped) control().setStatus('orderUnits', unit.id_order_unit, 'sent');
		await control().advance(2 * HOUR);

		const ledger: IDataObject[] = [];
		const perPoll: number[] = [];
		const cost: number[] = [];
		for (let poll = 0; poll < 10; poll++) {
			bench.mark();
			const items = await trigger.tick();
			cost.push(requests(api).length);
			expectUnsentReads(api);
			if (!items) break;
			ledger.push(...items);
			perPoll.push(items.length);
			// n8n stops after the first batch: only the saved static data survives.
			if (poll === 0) {
				await control().advance(30);
				trigger = trigger.restart();
				bench.mark();
				await trigger.activate();
				expectUnsentReads(api);
				for (const batch of trigger.executions) {
					ledger.push(...batch);
					perPoll.push(batch.length);
				}
			}
			await control().advance(30);
		}
		expect(perPoll).toEqual([100, 100, 50]);
		const received = ids(ledger, 'id_order_unit');
		expect(new Set(received).size).toBe(received.length);
		expect([...received].sort()).toEqual(backlog.map((unit) => unit.id_order_unit).sort());
		const deadlines = ledger.map((item) =>
			Date.parse(String(item[deadlineField(api)]).replace(' ', 'T') + (api === 'v1' ? 'Z' : '')),
		);
		expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
		// Each poll reads the unsent units, one page per 100 (30 in v1) of each status: the cost follows the list.
		expect(cost).toEqual(cost.map(() => pagesPerPoll(api)));
		expect(trigger.errors).toEqual([]);
	});

	it('with a Start Date, the first poll emits the units that fell due since then, not those before', async () => {
		quietSeed();
		const [before] = await place(1, 2 * HOUR - 10 * 60);
		const [since] = await place(1, 2 * HOUR + 10 * 60);
		const [later] = await place(1, 5 * HOUR);
		// due soon (4 h ahead of the deadline): `before` fell due 2 h 10 min ago, `since` 1 h 50 min ago, `later` in 1 h
		const startDate = new Date((nowSeconds() - 2 * HOUR) * 1000).toISOString().slice(0, 19);
		const trigger = host(api, { event: 'orderUnitDueSoon', options: { startDate } });
		await trigger.activate();
		expect(trigger.executions.map((items) => ids(items, 'id_order_unit'))).toEqual([[since.id_order_unit]]);
		expect(await trigger.tick()).toBeUndefined();
		await control().advance(HOUR);
		expect(ids(await trigger.tick(), 'id_order_unit')).toEqual([later.id_order_unit]);
		expect(ids(trigger.executions.flat(), 'id_order_unit')).not.toContain(before.id_order_unit);
	});

	it('Fetch Test Event shows the unit that fell due last and leaves the state alone', async () => {
		quietSeed();
		const trigger = host(api, { event: 'orderUnitOverdue' });
		await trigger.activate();
		const [first] = await place(1, 60);
		const [last] = await place(1, 120);
		await place(1, HOUR);
		await control().advance(5 * 60);
		const saved = JSON.stringify(trigger.staticData);
		bench.mark();
		const run = await trigger.fetchTestEvent();
		expect(run.error).toBeUndefined();
		expect(run.output('Seller Marketplace Poll Trigger').map((item) => item.json.id_order_unit)).toEqual([
			last.id_order_unit,
		]);
		expectUnsentReads(api);
		expect(JSON.stringify(trigger.staticData)).toBe(saved);
		expect(ids(await trigger.tick(), 'id_order_unit')).toEqual([first.id_order_unit, last.id_order_unit]);
	});

	it.each([0, 169, 2.5, 'soon'])('refuses a Lead Time of %j before any request, naming the field', async (lead) => {
		const trigger = host(api, { event: 'orderUnitDueSoon', leadTimeHours: lead });
		await expect(trigger.activate()).rejects.toThrow(
			`"Lead Time (Hours)" must be a whole number from 1 to 168, but it is ${JSON.stringify(lead)}`,
		);
		expect(requests(api)).toEqual([]);
	});
});
