/**
 * Unit Out of Stock (version 2) for a seller with 50,000 offers, polled through n8n-core's PollTriggerExecutor
 * against the strict sandbox (its rate limit of 111 a second on): what each poll costs in requests, idle and with
 * changes, also while offers come and go during the read, and a ledger that every time an offer runs out of stock
 * reaches the workflow exactly once.
 *
 * API v2 lists units without a stock filter and without a sort (GET /units: limit ≤ 100, offset, storefront,
 * id_offer, id_product, ean, embedded, fulfillment_type), so a poll that sees every offer reads all of them once:
 * 500 requests at 50,000.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Unit } from '../../sandbox';
import type { PollHost } from '../harness/poll-host';
import { budget } from '../budget';
import { pollState, sleep, startPollBench, type PollBench } from './helpers';

const OFFERS = 50_000;
const PAGES = OFFERS / 100;

let bench: PollBench;
beforeAll(async () => {
	bench = await startPollBench();
});
afterAll(async () => await bench.sandbox.close());
afterEach(() => expect(bench.sandbox.control.responseViolations()).toEqual([]));

const db = () => bench.sandbox.control.db;
const onDe = (unit: Unit) => (unit._storefront ?? 'de') === 'de';
/** The pages of a read of the storefront's offers as they are now. */
const pagesNow = () => Math.ceil(db().units.filter(onDe).length / 100);
/** The requests of the last poll: all of them read the offers of storefront de, 100 a page. */
const unitReads = () => bench.since().filter((entry) => entry.api === 'v2');

/**
 * Replaces the storefront's offers with `count` copies of its first one, under new ids: 4 in every 1,000 out of
 * stock, and all from 9,000 to 13,000, where the read is when the test changes the list under it.
 */
function seedOffers(count: number): Unit[] {
	const model = db().units.find(onDe)!;
	const others = db().units.filter((unit) => !onDe(unit));
	const offers = Array.from({ length: count }, (_, n) => ({
		...model,
		id_unit: 900_000 + n,
		id_offer: `BIG-${n}`,
		amount: n % 1000 < 4 || (n >= 9_000 && n < 13_000) ? 0 : 5,
	}));
	db().units.splice(0, db().units.length, ...others, ...offers);
	return offers;
}

/** Times each offer ran out of stock (from above 0), kept by the test; emitted times, counted from the executions. */
class Ledger {
	private readonly ranOut = new Map<number, number>();
	private readonly emitted = new Map<number, number>();

	setAmount(unit: Unit, amount: number): void {
		if (amount === 0 && Number(unit.amount) > 0)
			this.ranOut.set(unit.id_unit, (this.ranOut.get(unit.id_unit) ?? 0) + 1);
		unit.amount = amount;
	}

	add(unit: Unit): void {
		if (Number(unit.amount) === 0) this.ranOut.set(unit.id_unit, (this.ranOut.get(unit.id_unit) ?? 0) + 1);
		db().units.push(unit);
	}

	record(items: IDataObject[] | undefined): number[] {
		const ids = (items ?? []).map((item) => Number(item.id_unit));
		for (const id of ids) this.emitted.set(id, (this.emitted.get(id) ?? 0) + 1);
		return ids;
	}

	expectEveryRunOutEmittedOnce(): void {
		expect(Object.fromEntries(this.emitted)).toEqual(Object.fromEntries(this.ranOut));
	}
}

/** One poll; returns what it emitted and the requests it sent. */
async function poll(trigger: PollHost, ledger: Ledger, during?: { afterRequests: number; change: () => void }) {
	bench.mark();
	let changed = !during;
	const watch = async () => {
		while (!changed) {
			if (unitReads().length >= during!.afterRequests) {
				during!.change();
				changed = true;
			} else await sleep(2);
		}
	};
	const [items] = await Promise.all([trigger.tick(), watch()]);
	const requests = unitReads();
	for (const entry of requests) {
		expect(entry).toMatchObject({ method: 'GET', path: '/units', status: 200 });
		expect(entry.query).toMatchObject({ storefront: 'de', limit: expect.stringMatching(/^(100|[1-9][0-9]?)$/) });
	}
	return { emitted: ledger.record(items), requests: requests.length };
}

describe('Poll Trigger v2: Unit Out of Stock at 50,000 offers', () => {
	it(
		'costs one request per 100 offers a poll, idle or not, never a second read while offers come and go; each run-out is emitted once',
		async () => {
			const offers = seedOffers(OFFERS);
			const ledger = new Ledger();
			const trigger = bench.hostV2({ event: 'unitOutOfStock' });

			bench.mark();
			await trigger.activate();
			// Publishing marks the offers already out of stock as known.
			expect(unitReads()).toHaveLength(PAGES);
			expect(pollState(trigger.staticData)?.reported).toHaveLength(offers.filter((unit) => unit.amount === 0).length);

			// Idle: every offer read once, nothing emitted.
			expect(await poll(trigger, ledger)).toEqual({ emitted: [], requests: PAGES });

			// Between two polls: 30 offers run out, 2 known ones come back, 5 are deleted and 5 new ones arrive at 0.
			const runOut = offers
				.filter((unit) => Number(unit.amount) > 0)
				.filter((_, n) => n % 1500 === 7)
				.slice(0, 30);
			for (const unit of runOut) ledger.setAmount(unit, 0);
			for (const unit of offers.filter((unit) => unit.amount === 0 && !runOut.includes(unit)).slice(0, 2))
				ledger.setAmount(unit, 9);
			const deleted = new Set([offers[1], offers[2], offers[20_000], offers[30_001], offers[49_000]]);
			db().units.splice(0, db().units.length, ...db().units.filter((unit) => !deleted.has(unit)));
			for (let n = 0; n < 5; n++) ledger.add({ ...offers[5], id_unit: 990_000 + n, id_offer: `NEW-${n}`, amount: 0 });
			const changes = await poll(trigger, ledger);
			expect(changes.requests).toBe(PAGES);
			expect(changes.emitted.sort()).toEqual(
				[...runOut.map((unit) => unit.id_unit), 990_000, 990_001, 990_002, 990_003, 990_004].sort(),
			);

			// During the read, with the reader among the offers out of stock since publishing: one near the front is
			// deleted and a new one arrives at 0, so the total holds still while the offers behind the deleted one move up
			// a place (one of them slips past the reader unseen); and a late one runs out. One read all the same. Before
			// it, an offer that ran out comes back in stock.
			ledger.setAmount(runOut[0], 3);
			const late = offers[47_500];
			expect(late.amount).toBe(5);
			const during = await poll(trigger, ledger, {
				afterRequests: 100,
				change: () => {
					const front = db().units.findIndex((unit) => unit.id_unit === runOut[1].id_unit);
					db().units.splice(front, 1);
					ledger.setAmount(late, 0);
					ledger.add({ ...offers[5], id_unit: 990_100, id_offer: 'NEW-DURING', amount: 0 });
				},
			});
			expect(during.requests).toBe(PAGES);
			expect(during.emitted.sort()).toEqual([late.id_unit, 990_100].sort());
			// The offer that slipped past is out of stock and was reported: missing once, it is kept, not news later.
			const { absent } = pollState(trigger.staticData) as { absent?: string[] };
			expect(absent?.length).toBeGreaterThan(0);
			for (const id of absent!) expect(Number(id) - 900_000).toBeGreaterThanOrEqual(9_000);

			// During the read, two new offers arrive at 0 and one out of stock since publishing, far behind the reader, is
			// deleted: the total moves, so the read cannot tell a deleted offer from one it missed and forgets none; it is
			// not repeated either.
			const gone = offers[48_000];
			expect(gone.amount).toBe(0);
			const moving = await poll(trigger, ledger, {
				afterRequests: 50,
				change: () => {
					db().units.splice(db().units.indexOf(gone), 1);
					ledger.add({ ...offers[5], id_unit: 990_200, id_offer: 'NEW-MOVING-1', amount: 0 });
					ledger.add({ ...offers[5], id_unit: 990_201, id_offer: 'NEW-MOVING-2', amount: 0 });
				},
			});
			expect(moving.requests).toBe(pagesNow());
			expect(moving.emitted.sort()).toEqual([990_200, 990_201]);
			expect(pollState(trigger.staticData)?.reported).toContain(String(gone.id_unit));

			// The next polls read a list that holds still; the offer back in stock runs out again: emitted again.
			ledger.setAmount(runOut[0], 0);
			expect(await poll(trigger, ledger)).toEqual({ emitted: [runOut[0].id_unit], requests: pagesNow() });
			expect(await poll(trigger, ledger)).toEqual({ emitted: [], requests: pagesNow() });
			ledger.expectEveryRunOutEmittedOnce();
			// The deleted offers are forgotten after two reads that held still no longer show them (the last poll emitted
			// nothing, so its state is the one n8n holds, saved with the next execution).
			const reported = new Set(pollState(trigger.liveStaticData)!.reported);
			expect([runOut[1], gone, ...deleted].filter((unit) => reported.has(String(unit.id_unit)))).toEqual([]);
		},
		budget(240_000),
	);
});
