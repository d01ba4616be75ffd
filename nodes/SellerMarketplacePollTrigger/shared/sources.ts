import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { serverFilters } from '../../api/core/multiValue';
import type { PageReader } from '../../api/core/paging';

/**
 * What the polling trigger needs from an API version: its page reader (the paging engine's adapter) for a
 * list, and how to find a record's id and time. Everything else (window, cursor, de-duplication, bounds) is
 * API-independent.
 */

interface SourceBase {
	/** What the records are, for messages: "orders", "order units", … */
	noun: string;
	/** Largest page the list allows. */
	pageSize: number;
	/** The record's id as text, or undefined when it has none. */
	idOf(record: IDataObject): string | undefined;
	/** The record's time in seconds (the API's own clock), or undefined when it has none. */
	timeOf(record: IDataObject): number | undefined;
}

/**
 * A list the trigger follows by a timestamp: records created (or updated) at or after a time, read with
 * the API's "from" filter. A record is identified by its id and its timestamp, so an updated record (new
 * `ts_updated`) is a new event.
 */
export interface TimelineSource extends SourceBase {
	kind: 'timeline';
	/**
	 * 'newestFirst': the API sorts by the followed timestamp, newest first, so the oldest records are at
	 * the end of the list. 'unordered': the order is not documented, so the whole window is read.
	 */
	order: 'newestFirst' | 'unordered';
	/**
	 * Whether records move to the front of the list when they change (lists followed by update time).
	 * Such lists are read one page after the other, because pages read in parallel could skip a record
	 * pushed from one page to the next; lists that only grow are read with Page Concurrency.
	 */
	movable: boolean;
	/** Reader of the records whose timestamp is at or after `fromSeconds` (all records when undefined). */
	list(context: IPollFunctions, fromSeconds: number | undefined): PageReader;
	/**
	 * For a movable list narrowed by a filter a record leaves by changing (its status): the same list without that
	 * filter, where a change shows as a move to the front. Absent when the list has no such filter.
	 */
	wider?(context: IPollFunctions, fromSeconds: number | undefined): PageReader;
	/**
	 * Which records are events, where the API cannot filter on it (e.g. import files that are finished): the
	 * others move the cursor past them but are not emitted. Every record is an event when absent.
	 */
	emits?(record: IDataObject): boolean;
}

/** A list the trigger compares with what it saw last time, e.g. offers that are out of stock. */
export interface SnapshotSource extends SourceBase {
	kind: 'snapshot';
	list(context: IPollFunctions): PageReader;
	/** Whether a record is in the state the event is about. */
	matches(record: IDataObject): boolean;
}

/**
 * Records with a deadline, e.g. order units to send by `delivery_time_expires_iso`: an event is due `leadSeconds`
 * before a record's deadline (`timeOf`), by the marketplace's clock. The API neither filters nor sorts by the
 * deadline, so every poll reads the lists of `lists` in full, one list per status (one value per request, see
 * api/core/multiValue.ts); a record that leaves them (sent, cancelled) is no longer an event.
 */
export interface DeadlineSource extends SourceBase {
	kind: 'deadline';
	lists(context: IPollFunctions): PageReader[];
	leadSeconds: number;
}

export type EventSource = TimelineSource | SnapshotSource | DeadlineSource;

/**
 * The statuses of an order unit not sent yet, in the order they are read: a unit moves from `open` (payment pending)
 * to `need_to_be_sent`, so one that moves between the two reads is read twice rather than not at all.
 */
export const UNSENT_ORDER_UNIT_STATUSES = ['open', 'need_to_be_sent'] as const;

/** How an event's list is followed: by a timestamp (newest first, unless `unordered`), or compared with the last read. */
export type Follow =
	| {
			kind: 'timeline';
			time: string;
			fromParam: string;
			sort?: string;
			movable: boolean;
			unordered?: boolean;
			emits?: (record: IDataObject) => boolean;
	  }
	| { kind: 'snapshot'; time: string; matches: (record: IDataObject) => boolean }
	| { kind: 'deadline'; time: string; statuses: readonly string[] };

type TimelineFollow = Extract<Follow, { kind: 'timeline' }>;

/**
 * A list followed by its creation time, read with the API's "from" filter: it only grows, so its pages may be
 * read in parallel. `sort` where the list must be asked for newest first.
 */
export function byCreation(time: string, fromParam: string, sort?: string): TimelineFollow {
	return { kind: 'timeline', time, fromParam, sort, movable: false };
}

/** Order units not sent yet, by the deadline in `time` (see DeadlineSource). */
export function byShippingDeadline(time: string): Extract<Follow, { kind: 'deadline' }> {
	return { kind: 'deadline', time, statuses: UNSENT_ORDER_UNIT_STATUSES };
}

/** A list followed by its update time, read newest first with the API's "from" filter: records move when they change. */
export function byUpdate(time: string, fromParam: string, sort: string): TimelineFollow {
	return { kind: 'timeline', time, fromParam, sort, movable: true };
}

/** One event's list, as each version's event table declares it. */
export interface ListEntry {
	noun: string;
	path: string;
	/** The endpoint's largest `limit`. */
	pageSize: number;
	id: string;
	follow: Follow;
}

/** What differs between API versions in reading a list: the page reader, and how a time is written in a filter. */
export interface ListDialect {
	pages(context: IPollFunctions, path: string, query: IDataObject): PageReader;
	formatTime(seconds: number): string;
}

/** The filters but the status: a record that changes status leaves the list, but not this wider one. */
function withoutStatus(filters: IDataObject): IDataObject {
	const others = { ...filters };
	delete others.status;
	return others;
}

/**
 * The source of an event table's entry with the filters chosen, read through the API version's dialect;
 * `leadSeconds` for a deadline (see DeadlineSource).
 */
export function listSource(entry: ListEntry, filters: IDataObject, dialect: ListDialect, leadSeconds = 0): EventSource {
	const { follow } = entry;
	const base = { noun: entry.noun, pageSize: entry.pageSize, idOf: idField(entry.id), timeOf: timeField(follow.time) };
	if (follow.kind === 'deadline') {
		return {
			...base,
			kind: 'deadline',
			leadSeconds,
			lists: (context) =>
				follow.statuses.map((status) => dialect.pages(context, entry.path, { ...filters, status: [status] })),
		};
	}
	if (follow.kind === 'snapshot') {
		return {
			...base,
			kind: 'snapshot',
			matches: follow.matches,
			list: (context) => dialect.pages(context, entry.path, filters),
		};
	}
	// A filter of several values is left out of the query and checked on each record (api/core/multiValue.ts).
	const { query: sent, matches } = serverFilters(filters);
	const emits = follow.emits;
	const pages = (context: IPollFunctions, fromSeconds: number | undefined, query: IDataObject) =>
		dialect.pages(context, entry.path, {
			...query,
			...(follow.sort ? { sort: follow.sort } : {}),
			...(fromSeconds === undefined ? {} : { [follow.fromParam]: dialect.formatTime(fromSeconds) }),
		});
	return {
		...base,
		kind: 'timeline',
		order: follow.unordered ? 'unordered' : 'newestFirst',
		movable: follow.movable,
		...(emits || sent !== filters
			? { emits: (record: IDataObject) => matches(record) && (emits?.(record) ?? true) }
			: {}),
		list: (context, fromSeconds) => pages(context, fromSeconds, sent),
		...(follow.movable && sent.status !== undefined
			? { wider: (context, fromSeconds) => pages(context, fromSeconds, withoutStatus(sent)) }
			: {}),
	};
}

/** 'YYYY-MM-DD HH:MM:SS' (or an ISO 8601 date-time) read as UTC seconds; undefined for anything else. */
export function parseApiTime(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
		value.trim(),
	);
	if (!match) return undefined;
	const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
	let ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
	if (Number.isNaN(ms)) return undefined;
	if (zone && zone !== 'Z') {
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.replace(/[^\d]/g, '');
		ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
	}
	return Math.floor(ms / 1000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** UTC seconds as 'YYYY-MM-DD HH:MM:SS'. */
export function formatSpaceTime(seconds: number): string {
	const date = new Date(seconds * 1000);
	return (
		`${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
		`${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
	);
}

/** UTC seconds as 'YYYY-MM-DDTHH:MM:SSZ' (the form of API v2's filters). */
export function formatIsoTime(seconds: number): string {
	return `${formatSpaceTime(seconds).replace(' ', 'T')}Z`;
}

/** An offer is out of stock when its amount reads as 0; one without a stock figure is not. */
export function isOutOfStock(record: IDataObject): boolean {
	return String(record.amount ?? '').trim() === '0';
}

/** A field read as an id: numbers and non-empty strings. */
export function idField(name: string): (record: IDataObject) => string | undefined {
	return (record) => {
		const value = record[name];
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		if (typeof value === 'string' && value.trim() !== '') return value;
		return undefined;
	};
}

/** A field read as an API timestamp. */
export function timeField(name: string): (record: IDataObject) => number | undefined {
	return (record) => parseApiTime(record[name]);
}
