/**
 * The API-independent parts of the poll trigger as pure functions: choosing what a poll emits, the saved
 * cursor and its bounds (reading a list that changes while it is read: test/api/paging/engine.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	loadSnapshotState,
	selectEntered,
	snapshotBaseline,
} from '../../nodes/SellerMarketplacePollTrigger/shared/snapshot';
import {
	formatSpaceTime,
	idField,
	parseApiTime,
	timeField,
} from '../../nodes/SellerMarketplacePollTrigger/shared/sources';
import {
	loadTimelineState,
	MAX_REMEMBERED,
	newTimelineState,
	remember,
	selectBatch,
	windowStart,
	inWindow,
	type TimelineState,
} from '../../nodes/SellerMarketplacePollTrigger/shared/timeline';

const identity = { idOf: idField('id'), timeOf: timeField('ts') };
const record = (id: number, second: number): IDataObject => ({ id, ts: formatSpaceTime(second) });
const T = 1_800_000_000;
const idsOf = (records: IDataObject[]) => records.map((entry) => entry.id);

describe('API timestamps', () => {
	it.each([
		['2026-11-20 08:30:05', Date.UTC(2026, 10, 20, 8, 30, 5) / 1000],
		['2026-11-20T08:30:05Z', Date.UTC(2026, 10, 20, 8, 30, 5) / 1000],
		['2026-11-20T10:30:05+02:00', Date.UTC(2026, 10, 20, 8, 30, 5) / 1000],
		['2026-11-20T08:30:05.250Z', Date.UTC(2026, 10, 20, 8, 30, 5) / 1000],
		['2026-11-20', Date.UTC(2026, 10, 20) / 1000],
	])('reads %s', (text, seconds) => {
		expect(parseApiTime(text)).toBe(seconds);
	});

	it.each(['yesterday', '', '2026-13-45 99:00:00x', 1800000000, null])('refuses %j', (value) => {
		expect(parseApiTime(value)).toBeUndefined();
	});

	it('writes the v1 filter format', () => {
		expect(formatSpaceTime(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000)).toBe('2026-01-02 03:04:05');
	});
});

describe('selectBatch', () => {
	const options = { max: 3, lookbackSeconds: 60 };

	it('emits the oldest new records first and moves the cursor only past them', () => {
		const records = [record(5, T + 3), record(4, T + 2), record(3, T + 2), record(2, T + 1), record(1, T)];
		const first = selectBatch(records, newTimelineState('k'), identity, options);
		expect(idsOf(first.batch)).toEqual([1, 2, 3]);
		expect(first.waiting).toBe(2);
		expect(first.state).toMatchObject({ cursor: T + 2, seen: { [T]: ['1'], [T + 1]: ['2'], [T + 2]: ['3'] } });

		const second = selectBatch(records, first.state, identity, options);
		expect(idsOf(second.batch)).toEqual([4, 5]);
		expect(selectBatch(records, second.state, identity, options).batch).toEqual([]);
	});

	it('tells records of the cursor second apart by id, so one arriving later in that second is still new', () => {
		const state = selectBatch([record(1, T)], newTimelineState('k'), identity, options).state;
		expect(idsOf(selectBatch([record(1, T), record(2, T)], state, identity, options).batch)).toEqual([2]);
	});

	it('treats an updated record (same id, new timestamp) as a new event', () => {
		const state = selectBatch([record(1, T)], newTimelineState('k'), identity, options).state;
		expect(idsOf(selectBatch([record(1, T + 5)], state, identity, options).batch)).toEqual([1]);
	});

	it('ignores records older than the window (a server that ignored the filter) and records without id or time', () => {
		const state: TimelineState = { ...newTimelineState('k'), cursor: T, seen: { [T]: ['1'] } };
		const selection = selectBatch(
			[record(9, T - 61), { id: 7 }, { ts: formatSpaceTime(T) }, record(8, T - 60)],
			state,
			identity,
			options,
		);
		expect(idsOf(selection.batch)).toEqual([8]);
		expect(selection.unusable).toBe(2);
	});

	it('sorts numeric ids numerically within a second', () => {
		const { entries } = inWindow([record(10, T), record(9, T), record(100, T)], identity, undefined);
		expect(entries.map((entry) => entry.id)).toEqual(['9', '10', '100']);
	});
});

describe('remember', () => {
	it('drops seconds older than the lookback window before the cursor', () => {
		const state = remember(newTimelineState('k'), [{ record: {}, id: 'a', time: T }], 60);
		const later = remember(state, [{ record: {}, id: 'b', time: T + 61 }], 60);
		expect(later.seen).toEqual({ [T + 61]: ['b'] });
		expect(windowStart(later, 60)).toBe(T + 1);
	});

	it(`keeps at most ${MAX_REMEMBERED} ids before the cursor second and raises the floor past the forgotten ones`, () => {
		const entries = Array.from({ length: MAX_REMEMBERED + 10 }, (_, index) => ({
			record: {},
			id: String(index),
			time: T + index,
		}));
		const state = remember(newTimelineState('k'), entries, 100_000);
		const kept = Object.values(state.seen).flat().length;
		expect(kept).toBe(MAX_REMEMBERED + 1);
		expect(state.floor).toBe(T + 9);
		expect(windowStart(state, 100_000)).toBe(T + 9);
	});

	it('keeps the whole cursor second however many ids it holds', () => {
		const entries = Array.from({ length: MAX_REMEMBERED + 500 }, (_, index) => ({
			record: {},
			id: String(index),
			time: T,
		}));
		const state = remember(newTimelineState('k'), entries, 60);
		expect(state.seen[String(T)]).toHaveLength(MAX_REMEMBERED + 500);
		expect(state.floor).toBeUndefined();
	});
});

describe('loadTimelineState', () => {
	const valid = { version: 1, key: 'orderNew', cursor: T, seen: { [T]: ['M1'] } };

	it('takes a saved state of its own key', () => {
		expect(loadTimelineState(valid, 'orderNew')).toEqual(valid);
	});

	it.each([
		['another key', { ...valid, key: 'ticketNew' }],
		['another version', { ...valid, version: 2 }],
		['a cursor that is not a number', { ...valid, cursor: '2026-01-01' }],
		['ids that are not text', { ...valid, seen: { [T]: [1] } }],
		['seconds that are not numbers', { ...valid, seen: { soon: ['M1'] } }],
		['nothing', undefined],
	])('starts afresh from %s', (_label, saved) => {
		expect(loadTimelineState(saved, 'orderNew')).toBeUndefined();
	});
});

describe('Out of stock (snapshot)', () => {
	const unit = (id: number, amount: number, second = T): IDataObject => ({ id, amount, ts: formatSpaceTime(second) });
	const matches = (entry: IDataObject) => entry.amount === 0;

	it('emits what entered the state, forgets what left it, and what two complete reads in a row did not show', () => {
		let state = snapshotBaseline('k', [unit(1, 0), unit(2, 3), unit(3, 0)], identity, matches);
		expect(state.reported).toEqual(['1', '3']);
		const select = (records: IDataObject[]) =>
			selectEntered(records, state, identity, { matches, max: 10, complete: true });

		let selection = select([unit(1, 0), unit(2, 0, T + 5), unit(3, 4)]);
		expect(idsOf(selection.batch)).toEqual([2]);
		state = selection.state;
		expect(state.reported).toEqual(['1', '2']);

		// Unit 1 deleted, unit 3 out of stock again.
		selection = select([unit(2, 0), unit(3, 0, T + 9)]);
		expect(idsOf(selection.batch)).toEqual([3]);
		state = selection.state;
		expect(state).toMatchObject({ reported: ['1', '2', '3'], absent: ['1'] });
		selection = select([unit(2, 0), unit(3, 0, T + 9)]);
		expect(idsOf(selection.batch)).toEqual([]);
		expect(selection.state.reported).toEqual(['2', '3']);
		expect(selection.state.absent).toBeUndefined();
	});

	it('a reported offer hidden from one complete read (the list moved under it) and shown by the next is not news', () => {
		let state = snapshotBaseline('k', [unit(1, 0), unit(2, 5)], identity, matches);
		const select = (records: IDataObject[]) =>
			selectEntered(records, state, identity, { matches, max: 10, complete: true });
		state = select([unit(2, 5)]).state;
		expect(state).toMatchObject({ reported: ['1'], absent: ['1'] });
		const selection = select([unit(1, 0), unit(2, 5)]);
		expect(idsOf(selection.batch)).toEqual([]);
		expect(selection.state).toEqual({ version: 1, key: 'k', reported: ['1'] });
	});

	it('a read during which offers came or went keeps a reported id it did not show, so that none is emitted twice', () => {
		const state = snapshotBaseline('k', [unit(1, 0), unit(2, 0), unit(3, 5)], identity, matches);
		// Unit 1 was not shown (it may have been skipped while the list moved); unit 2 is back in stock.
		let selection = selectEntered([unit(2, 4, T + 1), unit(3, 0, T + 2)], state, identity, {
			matches,
			max: 10,
			complete: false,
		});
		expect(idsOf(selection.batch)).toEqual([3]);
		expect(selection.state.reported).toEqual(['1', '3']);
		// The next read shows unit 1 still out of stock: it is not news.
		selection = selectEntered([unit(1, 0), unit(2, 4, T + 1), unit(3, 0, T + 2)], selection.state, identity, {
			matches,
			max: 10,
			complete: true,
		});
		expect(idsOf(selection.batch)).toEqual([]);
		expect(selection.state.reported).toEqual(['1', '3']);
	});

	it('an offer shown twice by a read (the list moved) counts as its latest change', () => {
		const state = snapshotBaseline('k', [unit(1, 5)], identity, matches);
		const selection = selectEntered([unit(1, 0, T + 1), unit(1, 6, T + 2)], state, identity, {
			matches,
			max: 10,
			complete: false,
		});
		expect(idsOf(selection.batch)).toEqual([]);
	});

	it('bounds one poll and leaves the rest for the next', () => {
		const state = snapshotBaseline('k', [], identity, matches);
		const selection = selectEntered([unit(1, 0, T + 2), unit(2, 0, T + 1), unit(3, 0, T + 3)], state, identity, {
			matches,
			max: 2,
			complete: true,
		});
		expect(idsOf(selection.batch)).toEqual([2, 1]);
		expect(selection.waiting).toBe(1);
		expect(loadSnapshotState(selection.state, 'k')).toEqual(selection.state);
		expect(loadSnapshotState(selection.state, 'other')).toBeUndefined();
	});
});
