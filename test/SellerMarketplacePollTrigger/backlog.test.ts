/**
 * Issue 31 item 1: every event of both versions drains a backlog larger than Max Items per Poll (default 100)
 * exactly once, oldest first, over as many polls as the cap requires, with a number of requests per poll that does
 * not grow with the backlog; an idle poll afterwards stays cheap. Polled through n8n-core's PollTriggerExecutor
 * against the strict sandbox; the backlog is written into the sandbox's store directly, as a bulk change of the
 * seller's records (all in one second, or spread over seconds), and records change again while they wait.
 *
 * A ledger holds every event the workflow received: (id, timestamp) must never repeat, and every record that is in
 * the event's state at the end must have reached the workflow with its last timestamp.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { PollHost } from '../harness/poll-host';
import {
	finishedImportFile,
	startPollBench,
	timestampOf,
	type PollBench,
	resetBenchEachTest,
	secondsOf,
} from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench();
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const CAP = 100;

type Collection = 'orders' | 'orderUnits' | 'returns' | 'importFiles' | 'tickets' | 'ticketMessages';

interface EventList {
	name: string;
	api: 'v1' | 'v2';
	parameters: INodeParameters;
	collection: Collection;
	id: string;
	/** The store's timestamp the list is followed by. */
	time: 'ts_created' | 'ts_updated';
	/** The status a record has when it is an event, and one it leaves to (lists narrowed by status). */
	inStatus?: string;
	outStatus?: string;
}

const EVENTS: EventList[] = (['v1', 'v2'] as const).flatMap((api): EventList[] => [
	{
		name: 'New Order',
		api,
		parameters: { event: 'orderNew' },
		collection: 'orders',
		id: 'id_order',
		time: 'ts_created',
	},
	{
		name: 'Order Unit Reached Status',
		api,
		parameters: { event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent'] },
		collection: 'orderUnits',
		id: 'id_order_unit',
		time: 'ts_updated',
		inStatus: 'need_to_be_sent',
		outStatus: 'sent',
	},
	{
		// several values of a filter are never sent (api/core/multiValue.ts): the trigger reads every order unit by
		// update time and keeps the two statuses itself
		name: 'Order Unit Reached Status (two statuses)',
		api,
		parameters: { event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent', 'sent'] },
		collection: 'orderUnits',
		id: 'id_order_unit',
		time: 'ts_updated',
		inStatus: 'need_to_be_sent',
		outStatus: 'received',
	},
	{
		name: 'Return Created or Changed (a status)',
		api,
		parameters: { event: 'returnChanged', returnStatuses: ['package_sent'] },
		collection: 'returns',
		id: 'id_return',
		time: 'ts_updated',
		inStatus: 'package_sent',
		outStatus: 'package_received',
	},
	{
		name: 'Return Created or Changed (every return)',
		api,
		parameters: { event: 'returnChanged' },
		collection: 'returns',
		id: 'id_return',
		time: 'ts_updated',
		inStatus: 'package_sent',
	},
	{
		name: 'New Ticket',
		api,
		parameters: { event: 'ticketNew' },
		collection: 'tickets',
		id: 'id_ticket',
		time: 'ts_created',
	},
	{
		name: 'New Ticket Message',
		api,
		parameters: { event: 'ticketMessageNew' },
		collection: 'ticketMessages',
		id: 'id_ticket_message',
		time: 'ts_created',
	},
	{
		name: 'Import File Finished',
		api,
		parameters: { event: 'importFileFinished', options: {} },
		collection: 'importFiles',
		id: 'id_import_file',
		time: 'ts_updated',
		inStatus: 'DONE',
	},
]);

const nowSeconds = () => Math.floor(control().now() / 1000);
const rowsOf = (list: EventList) => control().db[list.collection] as unknown as IDataObject[];

/** Writes `count` new records of the list into the store, changed at `seconds` (a bulk change of the seller's data). */
function addRecords(list: EventList, count: number, seconds = nowSeconds()): string[] {
	const rows = rowsOf(list);
	// Orders are identified by text ("M100II"): the backlog's are "B" and a number; tickets by digits ("0013163664").
	const sample = rows[0]?.[list.id];
	const textual = typeof sample === 'string';
	const idOf = (id: number) =>
		!textual ? id : /^\d+$/.test(sample) ? String(id).padStart(sample.length, '0') : `B${id}`;
	let nextId = rows.reduce((max, row) => Math.max(max, Number(String(row[list.id]).replace(/^B/, '')) || 0), 0);
	const time = timestampOf(seconds);
	const template: IDataObject =
		list.collection === 'importFiles'
			? finishedImportFile(time)
			: structuredClone(rows.find((row) => !row._storefront || row._storefront === 'de')!);
	const added: string[] = [];
	for (let index = 0; index < count; index++) {
		const id = ++nextId;
		const record: IDataObject = { ...structuredClone(template), [list.id]: idOf(id), [list.time]: time };
		if (list.time === 'ts_updated' && 'ts_created' in record) record.ts_created = time;
		if (list.inStatus !== undefined) record.status = list.inStatus;
		rows.push(record);
		added.push(String(record[list.id]));
	}
	return added;
}

/** The record changed now to `status`: it moves to the front of a list followed by its update time. */
function change(list: EventList, id: string, status: string): void {
	const row = rowsOf(list).find((record) => String(record[list.id]) === id)!;
	row.status = status;
	row.ts_updated = timestampOf(nowSeconds());
}

/** What reached the workflow: each (id, timestamp) once, in the order the workflow received them. */
class Ledger {
	readonly received: Array<{ id: string; time: number }> = [];
	constructor(private readonly list: EventList) {}

	take(items: IDataObject[] | undefined): number {
		for (const item of items ?? []) {
			const time = String(item[`${this.list.time}_iso`] ?? item[this.list.time]);
			this.received.push({
				id: String(item[this.list.id]),
				time: secondsOf(time.replace('T', ' ').replace(/Z|\+00:00$/, '')),
			});
		}
		return items?.length ?? 0;
	}

	/** Keys received more than once. */
	repeats(): string[] {
		const seen = new Set<string>();
		const repeated: string[] = [];
		for (const { id, time } of this.received) {
			const key = `${id}@${time}`;
			if (seen.has(key)) repeated.push(key);
			seen.add(key);
		}
		return repeated;
	}

	/** The records of `ids` in the event's state now whose current timestamp never reached the workflow. */
	missing(ids: string[]): string[] {
		const got = new Set(this.received.map(({ id, time }) => `${id}@${time}`));
		const rows = new Map(rowsOf(this.list).map((row) => [String(row[this.list.id]), row]));
		return ids.filter((id) => {
			const row = rows.get(id)!;
			if (this.list.inStatus !== undefined && this.list.outStatus !== undefined && row.status !== this.list.inStatus)
				return false;
			return !got.has(`${id}@${secondsOf(String(row[this.list.time]))}`);
		});
	}

	/** Whether the workflow received the events oldest first. */
	inOrder(): boolean {
		return this.received.every((entry, index) => index === 0 || entry.time >= this.received[index - 1].time);
	}
}

interface Drained {
	polls: number;
	/** Requests of each poll that emitted, and of the idle polls after it. */
	requests: number[];
	idle: number[];
}

/** Polls (5 s apart) until a poll emits nothing, then three idle polls; `during` runs before each poll. */
async function drain(
	trigger: PollHost,
	ledger: Ledger,
	api: 'v1' | 'v2',
	during: (poll: number) => void = () => undefined,
): Promise<Drained> {
	const result: Drained = { polls: 0, requests: [], idle: [] };
	const count = () => bench.since().filter((entry) => (entry.api ?? 'v1') === api).length;
	for (let poll = 0; poll < 1000; poll++) {
		await control().advance(5);
		during(poll);
		bench.mark();
		const emitted = ledger.take(await trigger.tick());
		result.requests.push(count());
		if (emitted === 0) break;
		expect(emitted).toBeLessThanOrEqual(CAP);
		result.polls++;
	}
	for (let poll = 0; poll < 3; poll++) {
		await control().advance(5);
		bench.mark();
		expect(ledger.take(await trigger.tick())).toBe(0);
		result.idle.push(count());
	}
	return result;
}

async function published(list: EventList): Promise<PollHost> {
	const trigger = list.api === 'v1' ? bench.host(list.parameters) : bench.hostV2(list.parameters);
	await trigger.activate();
	await control().advance(1);
	bench.mark();
	return trigger;
}

/** The largest page of the list: 30 in v1, and for tickets and their messages in v2; 100 otherwise. */
const pageSizeOf = (list: EventList) => (list.api === 'v1' || list.collection.startsWith('ticket') ? 30 : 100);

/**
 * API v1's ticket messages have no documented order (the list is followed by reading its whole window, so each
 * poll's cost grows with what the window holds); every other list is sorted newest first.
 */
const unordered = (list: EventList) => list.api === 'v1' && list.collection === 'ticketMessages';

/**
 * Requests a poll may make while draining: a look at the list's total, the pages of Max Items per Poll records
 * (one more when they do not start at a page's start) and one page past them, to the first known record.
 */
const drainPollRequests = (list: EventList) => 1 + Math.ceil(CAP / pageSizeOf(list)) + 2;

/**
 * The jest timeout of a test that drains up to 10,000 records (the sandbox pages, filters and checks each answer
 * against the OpenAPI, ~2.5 ms a record on a busy 2-core machine): it follows the largest backlog, not a clock.
 */
const WORK_TIMEOUT = 30_000 + 10_000 * 25;

describe.each(EVENTS)('Poll Trigger $api, $name: a backlog larger than Max Items per Poll', (list) => {
	// API v1's unordered list is read whole by every poll: 10,000 would cost 100 polls of 334 requests.
	const sizes = unordered(list) ? [150, 1000] : [150, 1000, 10_000];
	it.each(sizes)(
		'a burst of %i in one second: every record once, oldest first, cheap polls',
		async (size) => {
			const trigger = await published(list);
			const ledger = new Ledger(list);
			const burst = addRecords(list, size);

			const drained = await drain(trigger, ledger, list.api);

			expect(ledger.repeats()).toEqual([]);
			expect(ledger.missing(burst)).toEqual([]);
			expect(ledger.received).toHaveLength(size);
			expect(ledger.inOrder()).toBe(true);
			expect(drained.polls).toBe(Math.ceil(size / CAP));
			// One poll may read the whole window once (when the backlog is gone); the others stay bounded.
			const sorted = [...drained.requests].sort((a, b) => b - a);
			const total = drained.requests.reduce((sum, requests) => sum + requests, 0);
			if (unordered(list)) {
				expect(sorted[0]).toBeLessThanOrEqual(Math.ceil((size + 10) / pageSizeOf(list)) + 1);
			} else {
				expect(sorted.slice(1).every((requests) => requests <= drainPollRequests(list))).toBe(true);
				expect(total).toBeLessThanOrEqual(
					drainPollRequests(list) * drained.polls + Math.ceil(size / pageSizeOf(list)) + 2,
				);
			}
			expect(Math.max(...drained.idle)).toBeLessThanOrEqual(2);
		},
		WORK_TIMEOUT,
	);

	it('300 spread over 3 s while new records keep arriving, and waiting records change again', async () => {
		const trigger = await published(list);
		const ledger = new Ledger(list);
		const all: string[] = [];
		for (let second = 0; second < 3; second++) all.push(...addRecords(list, 100, nowSeconds() + second));
		await control().advance(3);

		const drained = await drain(trigger, ledger, list.api, (poll) => {
			if (poll >= 4) return;
			// New records arrive while the backlog drains.
			all.push(...addRecords(list, 20));
			if (list.time === 'ts_updated' && poll === 1) {
				// A record emitted already changes again (a new event), one that waits leaves the state and comes back.
				const emitted = ledger.received[0].id;
				const waiting = all[all.length - 30];
				change(list, emitted, list.outStatus ?? list.inStatus!);
				change(list, emitted, list.inStatus!);
				if (list.outStatus) change(list, waiting, list.outStatus);
			}
			if (list.time === 'ts_updated' && list.outStatus && poll === 2)
				change(list, all[all.length - 50], list.inStatus!);
		});

		expect(ledger.repeats()).toEqual([]);
		expect(ledger.missing(all)).toEqual([]);
		expect(ledger.inOrder()).toBe(true);
		expect(drained.polls).toBeGreaterThanOrEqual(Math.ceil(380 / CAP));
		expect(Math.max(...drained.idle)).toBeLessThanOrEqual(2);
	});

	it('a restart in the middle of the drain loses nothing and repeats nothing', async () => {
		let trigger = await published(list);
		const ledger = new Ledger(list);
		const burst = addRecords(list, 450);
		for (let poll = 0; poll < 2; poll++) {
			await control().advance(5);
			ledger.take(await trigger.tick());
		}
		trigger = trigger.restart();
		await trigger.activate();
		for (const batch of trigger.executions) ledger.take(batch);
		await drain(trigger, ledger, list.api);

		expect(ledger.repeats()).toEqual([]);
		expect(ledger.missing(burst)).toEqual([]);
		expect(ledger.received).toHaveLength(450);
	});
});
