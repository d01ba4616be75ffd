import type { IDataObject } from 'n8n-workflow';

import type { RecordIdentity } from './timeline';

/**
 * For events that are a state rather than a change with a timestamp (an offer is out of stock): the ids
 * already reported in that state. A record entering the state is emitted once; when it leaves the state
 * (or disappears from a complete read) it is forgotten, so entering again is a new event.
 */
export interface SnapshotState {
	version: 1;
	key: string;
	/** Ids reported in the state and still in it at the last read. */
	reported: string[];
}

export function loadSnapshotState(saved: unknown, key: string): SnapshotState | undefined {
	if (!saved || typeof saved !== 'object') return undefined;
	const state = saved as Partial<SnapshotState>;
	if (state.version !== 1 || state.key !== key || !Array.isArray(state.reported)) return undefined;
	return state.reported.every((id) => typeof id === 'string') ? (state as SnapshotState) : undefined;
}

interface Matching {
	id: string;
	time: number;
	record: IDataObject;
}

/** The records of a complete read that are in the state, oldest change first, and the ids of all records read. */
function inState(records: IDataObject[], identity: RecordIdentity, matches: (record: IDataObject) => boolean) {
	const read = new Map<string, IDataObject>();
	for (const record of records) {
		const id = identity.idOf(record);
		if (id !== undefined && !read.has(id)) read.set(id, record);
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
 * (the rest follow next time). `records` must be a complete read of the list.
 */
export function selectEntered(
	records: IDataObject[],
	state: SnapshotState,
	identity: RecordIdentity,
	{ matches, max }: { matches: (record: IDataObject) => boolean; max: number },
): { batch: IDataObject[]; state: SnapshotState; waiting: number } {
	const { read, matching } = inState(records, identity, matches);
	const known = new Set(state.reported);
	const entered = matching.filter((entry) => !known.has(entry.id));
	const chosen = entered.slice(0, max);
	// Still in the state and reported: kept. Left the state, or gone from the list: forgotten.
	const stillIn = state.reported.filter((id) => {
		const record = read.get(id);
		return record !== undefined && matches(record);
	});
	return {
		batch: chosen.map((entry) => entry.record),
		state: { version: 1, key: state.key, reported: [...stillIn, ...chosen.map((entry) => entry.id)] },
		waiting: entered.length - chosen.length,
	};
}
