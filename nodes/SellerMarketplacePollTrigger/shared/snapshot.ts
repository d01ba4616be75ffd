import type { IDataObject } from 'n8n-workflow';

import type { RecordIdentity } from './timeline';

/**
 * For events that are a state rather than a change with a timestamp (an offer is out of stock): the ids
 * already reported in that state. A record entering the state is emitted once; when it is read out of the state,
 * or two complete reads in a row do not show it (deleted), it is forgotten, so entering again is a new event.
 */
export interface SnapshotState {
	version: 1;
	key: string;
	/** Ids reported in the state and still in it at the last read. */
	reported: string[];
	/**
	 * Reported ids the last complete read did not show. One read is not enough to forget them: an offset-paged
	 * list in which one record was deleted and another added while it was read keeps its total and can hide one
	 * record from the reader.
	 */
	absent?: string[];
}

const isTextList = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((id) => typeof id === 'string');

export function loadSnapshotState(saved: unknown, key: string): SnapshotState | undefined {
	if (!saved || typeof saved !== 'object') return undefined;
	const state = saved as Partial<SnapshotState>;
	if (state.version !== 1 || state.key !== key || !isTextList(state.reported)) return undefined;
	return state.absent === undefined || isTextList(state.absent) ? (state as SnapshotState) : undefined;
}

interface Matching {
	id: string;
	time: number;
	record: IDataObject;
}

/**
 * The records of a read that are in the state, oldest change first, and the records read by id: of an id read twice
 * (the list moved while it was read), its latest change.
 */
function inState(records: IDataObject[], identity: RecordIdentity, matches: (record: IDataObject) => boolean) {
	const read = new Map<string, IDataObject>();
	const time = (record: IDataObject) => identity.timeOf(record) ?? -Infinity;
	for (const record of records) {
		const id = identity.idOf(record);
		if (id === undefined) continue;
		const earlier = read.get(id);
		if (earlier === undefined || time(record) > time(earlier)) read.set(id, record);
	}
	const matching: Matching[] = [];
	for (const [id, record] of read) {
		if (matches(record)) matching.push({ id, time: identity.timeOf(record) ?? 0, record });
	}
	matching.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	return { read, matching };
}

/** Everything in the state now counts as known: nothing is emitted for it. */
export function snapshotBaseline(
	key: string,
	records: IDataObject[],
	identity: RecordIdentity,
	matches: (record: IDataObject) => boolean,
): SnapshotState {
	return { version: 1, key, reported: inState(records, identity, matches).matching.map((entry) => entry.id) };
}

/**
 * What one poll emits: records that entered the state since they were last reported, at most `max`
 * (the rest follow next time). `complete`: the read's total held still and it showed that many records. A read
 * during which records came or went may have missed some, so a reported id it does not show is kept; a complete
 * read that does not show one counts against it (see SnapshotState.absent). `keeps`: whether a reported record read
 * again stays reported (by default while it is still in the state; a deadline's record while it is listed at all, so
 * that it is reported once).
 */
export function selectEntered(
	records: IDataObject[],
	state: SnapshotState,
	identity: RecordIdentity,
	{
		matches,
		keeps = matches,
		max,
		complete,
	}: {
		matches: (record: IDataObject) => boolean;
		keeps?: (record: IDataObject) => boolean;
		max: number;
		complete: boolean;
	},
): { batch: IDataObject[]; state: SnapshotState; waiting: number } {
	const { read, matching } = inState(records, identity, matches);
	const known = new Set(state.reported);
	const entered = matching.filter((entry) => !known.has(entry.id));
	const chosen = entered.slice(0, max);
	// Still in the state: kept. Read out of it, or missing from two complete reads in a row: forgotten.
	const missingBefore = new Set(state.absent ?? []);
	const absent: string[] = [];
	const stillIn = state.reported.filter((id) => {
		const record = read.get(id);
		if (record !== undefined) return keeps(record);
		if (complete && missingBefore.has(id)) return false;
		if (complete || missingBefore.has(id)) absent.push(id);
		return true;
	});
	const reported = [...stillIn, ...chosen.map((entry) => entry.id)];
	return {
		batch: chosen.map((entry) => entry.record),
		state: { version: 1, key: state.key, reported, ...(absent.length ? { absent } : {}) },
		waiting: entered.length - chosen.length,
	};
}
