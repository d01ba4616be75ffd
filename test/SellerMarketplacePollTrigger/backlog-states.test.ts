/**
 * Issue 31 item 1 for the events that are a state rather than a timestamped change: Unit Out of Stock (an offer's
 * stock reaches 0), Order Unit Due Soon and Order Unit Overdue (an unsent order unit's deadline). A backlog larger
 * than Max Items per Poll (default 100) enters the state at once; with default settings it drains exactly once over
 * ⌈backlog ÷ 100⌉ polls, oldest first, through a restart, and every poll costs the same: these lists have no filter
 * for the state, so each poll reads the list once (its pages follow the list's size, never the backlog's square).
 * Polled through n8n-core's PollTriggerExecutor against the strict sandbox, both API versions.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { PollHost } from '../harness/poll-host';
import { resetBenchEachTest, startPollBench, timestampOf, type PollBench } from './helpers';

let bench: PollBench;
beforeAll(async () => {
	bench = await startPollBench();
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const db = () => control().db;
const HOUR = 3600;
const CAP = 100;
const BACKLOG = 1_000;
const nowSeconds = () => Math.floor(control().now() / 1000);

type Api = 'v1' | 'v2';
const host = (api: Api, parameters: INodeParameters): PollHost =>
	api === 'v1' ? bench.host(parameters) : bench.hostV2(parameters);
const requestsOf = (api: Api) => bench.since().filter((entry) => (entry.api ?? 'v1') === api).length;

interface StateEvent {
	name: string;
	parameters: INodeParameters;
	id: 'id_unit' | 'id_order_unit';
	/** Puts `count` records in place outside the state (before publishing); returns their ids. */
	prepare(api: Api, count: number): Promise<number[]>;
	/** Moves those records into the state at once. */
	enter(api: Api, ids: number[]): Promise<void>;
	/** The time each emitted record is ordered by. */
	orderOf(api: Api, item: IDataObject): number;
}

const storefrontDe = (row: { _storefront?: string }) => (row._storefront ?? 'de') === 'de';

const outOfStock: StateEvent = {
	name: 'Unit Out of Stock',
	parameters: { event: 'unitOutOfStock' },
	id: 'id_unit',
	async prepare(_api, count) {
		const model = db().units.find(storefrontDe)!;
		const offers = Array.from({ length: count }, (_, n) => ({
			...structuredClone(model),
			id_unit: 800_000 + n,
			id_offer: `RUN-${n}`,
			amount: 5,
		}));
		db().units.push(...offers);
		return offers.map((offer) => offer.id_unit);
	},
	async enter(_api, ids) {
		const wanted = new Set(ids);
		// A stock sync sets them to 0 over a few seconds, oldest change first.
		const start = nowSeconds();
		for (const unit of db().units) {
			if (!wanted.has(unit.id_unit)) continue;
			unit.amount = 0;
			unit.date_lastchange = timestampOf(start + Math.floor((unit.id_unit - 800_000) / 250));
		}
	},
	orderOf: (api, item) => Date.parse(String(item[api === 'v1' ? 'date_lastchange' : 'date_lastchange_iso'])),
};

/** Order units (storefront de) in orders of 100 (an order's most), their deadline a month ahead. */
async function placeUnits(count: number): Promise<number[]> {
	const unit = db().units.find(storefrontDe)!;
	const placed = new Set<number>();
	for (let left = count; left > 0; left -= 100) {
		const { orderUnits } = await control().createOrder({
			units: [{ id_unit: unit.id_unit, quantity: Math.min(100, left) }],
			status: 'need_to_be_sent',
		});
		for (const placedUnit of orderUnits) placed.add(placedUnit.id_order_unit);
	}
	const later = timestampOf(nowSeconds() + 30 * 24 * HOUR);
	for (const row of db().orderUnits) if (placed.has(row.id_order_unit)) row.delivery_time_expires = later;
	return [...placed];
}

/** The units' deadlines move to `inSeconds` from now, ten a second apart, the lowest id first. */
function dueIn(ids: number[], inSeconds: number): void {
	const rank = new Map([...ids].sort((a, b) => a - b).map((id, index) => [id, index]));
	for (const row of db().orderUnits) {
		const index = rank.get(row.id_order_unit);
		if (index !== undefined) row.delivery_time_expires = timestampOf(nowSeconds() + inSeconds + Math.floor(index / 10));
	}
}

const deadlineOf = (api: Api, item: IDataObject) =>
	Date.parse(
		api === 'v1' ? `${String(item.delivery_time_expires).replace(' ', 'T')}Z` : String(item.delivery_time_expires_iso),
	);

const dueSoon: StateEvent = {
	name: 'Order Unit Due Soon',
	parameters: { event: 'orderUnitDueSoon' },
	id: 'id_order_unit',
	prepare: async (_api, count) => await placeUnits(count),
	// Within the default lead time of 4 hours, all at once (a seller's weekend of orders).
	enter: async (_api, ids) => dueIn(ids, 2 * HOUR),
	orderOf: deadlineOf,
};

const overdue: StateEvent = {
	name: 'Order Unit Overdue',
	parameters: { event: 'orderUnitOverdue' },
	id: 'id_order_unit',
	prepare: async (_api, count) => await placeUnits(count),
	async enter(_api, ids) {
		dueIn(ids, 60);
		await control().advance(HOUR);
	},
	orderOf: deadlineOf,
};

/** The jest timeout: each poll reads the list whole (~2.5 ms a record on a busy 2-core machine), ten times over. */
const WORK_TIMEOUT = 30_000 + (BACKLOG / CAP + 5) * 10_000;

describe.each(
	(['v1', 'v2'] as const).flatMap((api) => [outOfStock, dueSoon, overdue].map((event) => ({ api, event }))),
)('Poll Trigger $api, $event.name: a backlog larger than Max Items per Poll', ({ api, event }) => {
	it(
		`${BACKLOG} entering the state at once: each once, oldest first, in ${BACKLOG / CAP} polls of the same cost, through a restart`,
		async () => {
			// Older order units of the seed stay far from their deadline, so that only the test's are due.
			const later = timestampOf(nowSeconds() + 30 * 24 * HOUR);
			for (const row of db().orderUnits) row.delivery_time_expires = later;
			const ids = await event.prepare(api, BACKLOG);
			let trigger = host(api, event.parameters);
			await trigger.activate();
			await control().advance(5);
			expect(await trigger.tick()).toBeUndefined();

			await event.enter(api, ids);
			const received: IDataObject[] = [];
			const perPoll: number[] = [];
			const cost: number[] = [];
			for (let poll = 0; poll < BACKLOG / CAP + 3; poll++) {
				await control().advance(5);
				bench.mark();
				const items = await trigger.tick();
				cost.push(requestsOf(api));
				perPoll.push(items?.length ?? 0);
				received.push(...(items ?? []));
				// n8n stops after the third poll: only the saved static data survives.
				if (poll === 2) {
					trigger = trigger.restart();
					await trigger.activate();
					for (const batch of trigger.executions) {
						perPoll.push(batch.length);
						received.push(...batch);
					}
				}
			}

			const emitted = received.map((item) => Number(item[event.id]));
			expect(new Set(emitted).size).toBe(emitted.length);
			expect([...emitted].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
			expect(perPoll.filter((count) => count > 0)).toEqual(Array(BACKLOG / CAP).fill(CAP));
			const order = received.map((item) => event.orderOf(api, item));
			expect(order).toEqual([...order].sort((a, b) => a - b));
			// Every poll, draining or idle, reads the list once: the same number of requests.
			expect(new Set(cost).size).toBe(1);
			expect(trigger.errors).toEqual([]);
		},
		WORK_TIMEOUT,
	);
});
