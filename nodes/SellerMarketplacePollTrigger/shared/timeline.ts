import type { IDataObject } from 'n8n-workflow';

/**
 * The cursor of a list followed by a timestamp, and the choice of what one poll emits. Pure functions:
 * the state goes in, the records to emit and the next state come out.
 *
 * The guarantee: every record is emitted exactly once, oldest first, provided it shows up in the list no
 * later than the lookback window after its own timestamp, and no more than MAX_REMEMBERED records fall
 * into that window. A record is the pair (id, timestamp), so an updated record is a new event.
 */

/** Ids kept at most from seconds before the cursor's; beyond it the oldest seconds are forgotten. */
export const MAX_REMEMBERED = 2000;

export interface TimelineState {
	version: 1;
	/** The event and filters this state belongs to; another one starts afresh. */
	key: string;
	/** Timestamp (the API's clock, seconds) of the newest record emitted or found at the start. */
	cursor?: number;
	/** Nothing older is read: the start date, or just after the last second whose ids were forgotten. */
	floor?: number;
	/** Ids emitted, or found at the start, by their timestamp's second; only seconds in the lookback window. */
	seen: Record<string, string[]>;
	/** The count of the window at the last complete read (see Census); absent, the next poll reads the window. */
	census?: Census;
	/** Where a backlog larger than Max Items per Poll stands (see Drain); absent, the next poll reads the window. */
	drain?: Drain;
}

/**
 * A backlog being drained (issue 31): in the list read from `from`, newest first, the last `behind` records (its
 * oldest) were all emitted or known when the last poll ended, and newer ones wait. The next poll reads only the
 * records just before them (Max Items per Poll, and on to the first known record), so a poll costs the same
 * whatever the backlog. Whatever the picture misses (a record listed late among the known ones) is read by the
 * complete read of the window that ends every drain.
 */
export interface Drain {
	from?: number;
	behind: number;
	/** The records before the known ones then: when Max Items per Poll takes them all, the next poll reads the window. */
	ahead: number;
}

/**
 * What the last complete read saw, so that an idle poll need not read the window again (issue 26: an idle poll
 * costs at most 2 requests, however many records the window holds).
 *
 * A list whose records keep their place (followed by their creation time): how many records the window from
 * `from` held. A record listed late only adds to the count; while it stays the same and the newest page shows
 * nothing new, nothing arrived.
 *
 * A list whose records move (followed by their update time; `digest` set): the total of the list from `from`
 * without the filters a record leaves by changing (its status), and a digest of that list's first page, both
 * taken before the read. A record that changes moves to the front of that list (the digest changes), one listed
 * late adds to its total; while both stay the same, nothing changed.
 */
export interface Census {
	from?: number;
	total: number;
	digest?: string;
}

export interface TimelineRecord {
	record: IDataObject;
	id: string;
	time: number;
}

export interface RecordIdentity {
	idOf(record: IDataObject): string | undefined;
	timeOf(record: IDataObject): number | undefined;
}

export function newTimelineState(key: string, floor?: number): TimelineState {
	return floor === undefined ? { version: 1, key, seen: {} } : { version: 1, key, floor, seen: {} };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The state saved by an earlier poll, if it is one of this shape and belongs to `key`. */
export function loadTimelineState(saved: unknown, key: string): TimelineState | undefined {
	if (!saved || typeof saved !== 'object') return undefined;
	const state = saved as Partial<TimelineState>;
	if (state.version !== 1 || state.key !== key || !state.seen || typeof state.seen !== 'object') return undefined;
	if (state.cursor !== undefined && !isFiniteNumber(state.cursor)) return undefined;
	if (state.floor !== undefined && !isFiniteNumber(state.floor)) return undefined;
	const seenValid = Object.entries(state.seen).every(
		([second, ids]) => /^-?\d+$/.test(second) && Array.isArray(ids) && ids.every((id) => typeof id === 'string'),
	);
	if (!seenValid) return undefined;
	const { census, drain, ...rest } = state as TimelineState;
	const loaded: TimelineState = rest;
	// A census or drain that is not of its shape only costs the next poll a complete read.
	if (
		!!census &&
		typeof census === 'object' &&
		isFiniteNumber(census.total) &&
		(census.from === undefined || isFiniteNumber(census.from)) &&
		(census.digest === undefined || typeof census.digest === 'string')
	)
		loaded.census = census;
	if (
		!!drain &&
		typeof drain === 'object' &&
		Number.isSafeInteger(drain.behind) &&
		drain.behind >= 0 &&
		Number.isSafeInteger(drain.ahead) &&
		drain.ahead >= 0 &&
		(drain.from === undefined || isFiniteNumber(drain.from))
	)
		loaded.drain = drain;
	return loaded;
}

/** The oldest timestamp the next read asks for (undefined: the whole list). */
export function windowStart(state: TimelineState, lookbackSeconds: number): number | undefined {
	if (state.cursor === undefined) return state.floor;
	return Math.max(state.cursor - lookbackSeconds, state.floor ?? -Infinity);
}

/** How many remembered records the window starting at `from` holds (they will be read again). */
export function rememberedSince(state: TimelineState, from: number | undefined): number {
	return Object.entries(state.seen)
		.filter(([second]) => from === undefined || Number(second) >= from)
		.reduce((count, [, ids]) => count + ids.length, 0);
}

function compareIds(a: string, b: string): number {
	if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
	return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * How records of the same second are put in order: by id, or, for a list sorted newest first, as the list has them
 * (from its end), so that those emitted are always the last of their second in the list (see Drain).
 */
export type TieOrder = 'id' | 'list';

/**
 * The records of a read in the window, oldest first, each once, with the number of records that had no
 * usable id or timestamp (they cannot be told apart, so they are never emitted).
 */
export function inWindow(
	records: IDataObject[],
	identity: RecordIdentity,
	from: number | undefined,
	ties: TieOrder = 'id',
): { entries: TimelineRecord[]; unusable: number } {
	const byKey = new Map<string, TimelineRecord>();
	let unusable = 0;
	for (const record of records) {
		const id = identity.idOf(record);
		const time = identity.timeOf(record);
		if (id === undefined || time === undefined) {
			unusable++;
			continue;
		}
		// A lax server could ignore the filter; what is older than the window was dealt with before.
		if (from !== undefined && time < from) continue;
		const key = `${time}|${id}`;
		if (!byKey.has(key)) byKey.set(key, { record, id, time });
	}
	const listed = [...byKey.values()];
	// A stable sort: records of one second keep the order of the list read from its end.
	const entries =
		ties === 'list'
			? listed.reverse().sort((a, b) => a.time - b.time)
			: listed.sort((a, b) => a.time - b.time || compareIds(a.id, b.id));
	return { entries, unusable };
}

function isRemembered(state: TimelineState, entry: Pick<TimelineRecord, 'id' | 'time'>): boolean {
	return state.seen[String(entry.time)]?.includes(entry.id) ?? false;
}

/**
 * Whether a poll from `state` would never emit the record: emitted or known already, older than the window, or
 * without an id or timestamp.
 */
export function isSettled(
	record: IDataObject,
	state: TimelineState,
	identity: RecordIdentity,
	lookbackSeconds: number,
): boolean {
	const id = identity.idOf(record);
	const time = identity.timeOf(record);
	if (id === undefined || time === undefined) return true;
	const from = windowStart(state, lookbackSeconds);
	return (from !== undefined && time < from) || isRemembered(state, { id, time });
}

/**
 * Adds records to the state: the cursor moves to the newest of them, ids older than the lookback window
 * are dropped, and beyond MAX_REMEMBERED the oldest seconds are forgotten and the floor raised past them.
 * The cursor's own second is always kept whole.
 */
export function remember(state: TimelineState, entries: TimelineRecord[], lookbackSeconds: number): TimelineState {
	const seen: Record<string, string[]> = {};
	for (const [second, ids] of Object.entries(state.seen)) seen[second] = [...ids];
	let cursor = state.cursor;
	for (const entry of entries) {
		const second = String(entry.time);
		seen[second] ??= [];
		if (!seen[second].includes(entry.id)) seen[second].push(entry.id);
		cursor = cursor === undefined ? entry.time : Math.max(cursor, entry.time);
	}
	let floor = state.floor;
	if (cursor !== undefined) {
		for (const second of Object.keys(seen)) if (Number(second) < cursor - lookbackSeconds) delete seen[second];
		const seconds = Object.keys(seen)
			.map(Number)
			.sort((a, b) => a - b);
		const atCursor = seen[String(cursor)]?.length ?? 0;
		let count = seconds.reduce((sum, second) => sum + seen[String(second)].length, 0);
		for (const second of seconds) {
			if (count - atCursor <= MAX_REMEMBERED || second >= cursor) break;
			count -= seen[String(second)].length;
			delete seen[String(second)];
			floor = Math.max(floor ?? -Infinity, second + 1);
		}
	}
	const next: TimelineState = { version: 1, key: state.key, seen };
	if (cursor !== undefined) next.cursor = cursor;
	if (floor !== undefined) next.floor = floor;
	return next;
}

export interface Selection {
	/** Records to emit, oldest first. */
	batch: IDataObject[];
	state: TimelineState;
	/** New records left for the next poll because of the bound. */
	waiting: number;
	unusable: number;
}

/**
 * What one poll emits: the oldest records not emitted before, at most `max`, and the state after them.
 * The cursor only moves past what is emitted, so what is left over follows on the next poll.
 */
export function selectBatch(
	records: IDataObject[],
	state: TimelineState,
	identity: RecordIdentity,
	{ max, lookbackSeconds, ties }: { max: number; lookbackSeconds: number; ties?: TieOrder },
): Selection {
	const { entries, unusable } = inWindow(records, identity, windowStart(state, lookbackSeconds), ties);
	const fresh = entries.filter((entry) => !isRemembered(state, entry));
	const chosen = fresh.slice(0, max);
	return {
		batch: chosen.map((entry) => entry.record),
		state: chosen.length ? remember(state, chosen, lookbackSeconds) : state,
		waiting: fresh.length - chosen.length,
		unusable,
	};
}
