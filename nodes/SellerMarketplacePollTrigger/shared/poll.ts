import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ListChangedError, readList, type ListRead, type Page, type PageReader } from '../../api/core/paging';
import type { PollOptions } from './options';
import { loadSnapshotState, selectEntered, snapshotBaseline, type SnapshotState } from './snapshot';
import type { DeadlineSource, EventSource, SnapshotSource, TimelineSource } from './sources';
import {
	inWindow,
	isSettled,
	loadTimelineState,
	newTimelineState,
	rememberedSince,
	remember,
	selectBatch,
	windowStart,
	type Census,
	type Drain,
	type TimelineState,
} from './timeline';

export interface PollSettings extends PollOptions {
	/** The event and its filters: a saved state of another key is not used. */
	key: string;
	/** Page Concurrency. */
	concurrency: number;
}

/** Where the state lives in the node's static data. */
const STATE_FIELD = 'pollState';

/** Reads of a list that changed while it was read, before the poll gives up (the next poll tries again). */
const ATTEMPTS = 3;

/** Pages a drain reads past the records it expects to emit, looking for the first known one (see pollDrain). */
const DRAIN_SEARCH_PAGES = 5;

interface Outcome {
	batch: IDataObject[];
	state: TimelineState | SnapshotState;
	waiting: number;
}

/**
 * Polls of one trigger node running in this process. n8n starts a poll on every tick even when the last
 * one is still running (a slow backlog, a rate limit), and both would start from the same saved cursor:
 * the second one skips instead of emitting the same records again.
 */
const running = new Set<string>();

interface ReadOptions {
	concurrency: number;
	/** Read pages strictly one after another (lists whose records move to the front when they change). */
	sequential: boolean;
	/** For lists sorted newest first: read only the oldest `count` records (the end of the list), plus the first page. */
	oldest?: number;
	/** The first page, read already (see ReadPlan.first). */
	first?: Page;
}

const keyOf = (source: EventSource) => (record: IDataObject) => {
	const id = source.idOf(record);
	const time = source.timeOf(record);
	return id === undefined || time === undefined ? undefined : `${time}|${id}`;
};

/**
 * Reads a list through the paging engine as one consistent picture: a list that shrank while it was read
 * (a record left it, so another may have slipped past a page) is read again, one page at a time, at most
 * ATTEMPTS times; then the poll fails (nothing emitted, cursor unchanged).
 */
async function readConsistent(
	context: IPollFunctions,
	source: EventSource,
	read: PageReader,
	options: ReadOptions,
): Promise<ListRead> {
	for (let attempt = 1; ; attempt++) {
		try {
			const list = await readList(context, read, {
				pageSize: source.pageSize,
				concurrency: attempt === 1 && !options.sequential ? options.concurrency : 1,
				tail: options.oldest,
				first: attempt === 1 ? options.first : undefined,
				keyOf: keyOf(source),
				strict: true,
				what: `The list of ${source.noun}`,
			});
			// Reading only the end is right only if the list really is newest first; if not, read all of it.
			const seen = list.start === 0 ? list.records : [...list.firstPage, ...list.records];
			if (options.oldest !== undefined && !isNewestFirst(seen, source.timeOf)) {
				return await readConsistent(context, source, read, { ...options, oldest: undefined, first: undefined });
			}
			return list;
		} catch (error) {
			// The engine's other errors are the node's already (NodeApiError, NodeOperationError).
			if (!(error instanceof ListChangedError))
				throw error instanceof NodeApiError ? error : new NodeOperationError(context.getNode(), error as Error);
			if (attempt >= ATTEMPTS) {
				throw new NodeOperationError(context.getNode(), `The list of ${source.noun} kept changing while it was read`, {
					description: 'Nothing was emitted and the cursor did not move; the next poll reads the same window again.',
				});
			}
		}
	}
}

/** Whether records in list order never get newer (records without a time are not judged). */
function isNewestFirst(records: IDataObject[], timeOf: (record: IDataObject) => number | undefined): boolean {
	let previous = Infinity;
	for (const record of records) {
		const time = timeOf(record);
		if (time === undefined) continue;
		if (time > previous) return false;
		previous = time;
	}
	return true;
}

/** The first page of a list alone (its newest records, when it is sorted newest first) and its total. */
async function firstPage(
	context: IPollFunctions,
	source: EventSource,
	read: PageReader,
	pageSize = source.pageSize,
): Promise<ListRead> {
	return await readList(context, read, {
		pageSize,
		max: pageSize,
		keyOf: keyOf(source),
		what: `The list of ${source.noun}`,
	});
}

/** The newest record of a list sorted newest first, or of an unordered one (the larger of its two ends). */
async function readNewest(
	context: IPollFunctions,
	source: TimelineSource,
	read: PageReader,
): Promise<IDataObject | undefined> {
	const first = await firstPage(context, source, read, 1);
	let candidates = first.firstPage;
	if (source.order === 'unordered' && first.firstTotal === undefined) {
		// An unordered list without a total: its other end cannot be found, so all of it is read.
		candidates = (await readConsistent(context, source, read, { concurrency: 1, sequential: true })).records;
	} else if (source.order === 'unordered') {
		const last = await readList(context, read, {
			pageSize: 1,
			tail: 1,
			first: { records: first.firstPage, total: first.firstTotal },
			what: `The list of ${source.noun}`,
		});
		candidates = [...first.firstPage, ...last.records];
	}
	const time = (record: IDataObject) => source.timeOf(record) ?? -Infinity;
	return candidates.reduce<IDataObject | undefined>(
		(newest, record) => (newest === undefined || time(record) > time(newest) ? record : newest),
		undefined,
	);
}

async function timelineBaseline(
	context: IPollFunctions,
	source: TimelineSource,
	settings: PollSettings,
): Promise<TimelineState> {
	const newest = await readNewest(context, source, source.list(context, undefined));
	const newestTime = newest === undefined ? undefined : source.timeOf(newest);
	// An empty list: whatever shows up from now on is new.
	if (newestTime === undefined) return newTimelineState(settings.key);
	const from = newestTime - settings.lookbackSeconds;
	const { records } = await readConsistent(context, source, source.list(context, from), {
		concurrency: settings.concurrency,
		sequential: source.movable,
	});
	return remember(newTimelineState(settings.key), inWindow(records, source, from).entries, settings.lookbackSeconds);
}

/** Whether a read's records include one the state does not know (and so the poll has work to do). */
function holdsNew(
	records: IDataObject[],
	source: TimelineSource,
	state: TimelineState,
	from: number | undefined,
): boolean {
	return inWindow(records, source, from).entries.some((entry) => !state.seen[String(entry.time)]?.includes(entry.id));
}

/**
 * The census to keep after a poll that read its whole window `from` (see Census): the first page's total less
 * the records read that the next window, from `next`, no longer holds; only when those records are all among
 * the records read (the whole list, or a tail that reaches past them).
 */
function censusOf(list: ListRead, source: TimelineSource, next: number | undefined): Census | undefined {
	if (list.firstTotal === undefined) return undefined;
	const timeOf = (record: IDataObject) => source.timeOf(record) ?? Infinity;
	const leaving = next === undefined ? [] : list.records.filter((record) => timeOf(record) < next);
	if (list.start > 0 && leaving.length === list.records.length) return undefined;
	const total = list.firstTotal - new Set(leaving.map(keyOf(source))).size;
	return next === undefined ? { total } : { from: next, total };
}

/**
 * A look at the changes of a movable list since `from` (see Census): the first page of the list without the filters
 * a record leaves by changing, one request. Its page is also the first page of the list itself when there are no
 * such filters. Without a total the list cannot be counted, and there is no census.
 */
async function lookAtChanges(
	context: IPollFunctions,
	source: TimelineSource,
	from: number | undefined,
): Promise<{ census?: Census; page: ListRead }> {
	const page = await firstPage(context, source, (source.wider ?? source.list)(context, from));
	if (page.firstTotal === undefined) return { page };
	const digest = createHash('sha256').update(JSON.stringify(page.firstPage)).digest('base64');
	return {
		census: from === undefined ? { total: page.firstTotal, digest } : { from, total: page.firstTotal, digest },
		page,
	};
}

const sameCensus = (a: Census, b: Census | undefined) =>
	!!b && a.from === b.from && a.total === b.total && a.digest === b.digest;

/**
 * One poll of a backlog being drained (see Drain): the list's total (its first page), then the records just before
 * the known ones at its end, read on to the first known record, so that the cost stays a few requests whatever the
 * backlog. Undefined when the picture no longer holds (the list changed while read, is not newest first, or the
 * known records are not where they were): the poll then reads the whole window, as without a drain. The last poll
 * of a drain reads the window too, and so finds any record listed late among the known ones.
 */
async function pollDrain(
	context: IPollFunctions,
	source: TimelineSource,
	state: TimelineState,
	drain: Drain,
	settings: PollSettings,
): Promise<Outcome | undefined> {
	// What was left fits in one poll's read of the window, which also checks the known records: the drain is over.
	if (drain.ahead <= settings.maxItems) return undefined;
	const read = source.list(context, drain.from);
	const head = await firstPage(context, source, read);
	const total = head.firstTotal;
	if (total === undefined || total < drain.behind) return undefined;
	const end = total - drain.behind;
	const start = end - settings.maxItems;
	if (start <= 0) return undefined;
	const settled = (record: IDataObject, after: TimelineState) =>
		isSettled(record, after, source, settings.lookbackSeconds);

	const records: IDataObject[] = [];
	let boundary: number | undefined;
	const lastPage = Math.ceil(settings.maxItems / source.pageSize) + DRAIN_SEARCH_PAGES;
	for (let offset = start, page = 0; boundary === undefined && offset < total; page++) {
		if (page >= lastPage) return undefined;
		const answer = await read(offset, source.pageSize, () => undefined);
		// Another total: records came or went during this read, and positions may have moved.
		if (answer.total !== total || answer.records.length === 0) return undefined;
		for (const record of answer.records.slice(0, answer.asked ?? source.pageSize)) {
			if (offset >= end && settled(record, state)) {
				boundary = offset;
				break;
			}
			records.push(record);
			offset++;
		}
	}
	if (!isNewestFirst(records, source.timeOf)) return undefined;
	boundary ??= total;

	const selection = selectBatch(records, state, source, {
		max: settings.maxItems,
		lookbackSeconds: settings.lookbackSeconds,
		ties: source.order === 'newestFirst' ? 'list' : 'id',
	});
	// The known records at the end now reach back to the first record read that is still to be emitted.
	let known = boundary;
	while (known > start && settled(records[known - start - 1], selection.state)) known--;
	return {
		...selection,
		state: { ...selection.state, drain: drainOf(drain.from, total, known) },
		// Those read and not chosen, and at most all records before the first read.
		waiting: selection.waiting + start,
		batch: source.emits ? selection.batch.filter((record) => source.emits!(record)) : selection.batch,
	};
}

/**
 * The drain to keep after a read of the window from `from` that leaves records for later polls (see Drain): the
 * known records at the end of the list, in the positions the read found them. Undefined when the read's positions
 * are not the list's (it repeated a record, or the list is not sorted newest first).
 */
function drainAfter(
	list: ListRead,
	source: TimelineSource,
	after: TimelineState,
	from: number | undefined,
	lookbackSeconds: number,
): Drain | undefined {
	const total = list.total ?? list.firstTotal;
	if (source.order !== 'newestFirst' || total === undefined || list.start + list.records.length !== total)
		return undefined;
	let known = total;
	while (known > list.start && isSettled(list.records[known - list.start - 1], after, source, lookbackSeconds)) known--;
	return drainOf(from, total, known);
}

/** The drain of a list read from `from` whose records from position `known` on are all known. */
function drainOf(from: number | undefined, total: number, known: number): Drain {
	const drain = { behind: total - known, ahead: known };
	return from === undefined ? drain : { from, ...drain };
}

async function pollTimeline(
	context: IPollFunctions,
	source: TimelineSource,
	saved: unknown,
	settings: PollSettings,
): Promise<Outcome> {
	let state = loadTimelineState(saved, settings.key);
	if (state === undefined) {
		// The first poll: from the start date, or mark what exists as known and start from now.
		if (settings.startFrom === undefined)
			return { batch: [], state: await timelineBaseline(context, source, settings), waiting: 0 };
		state = newTimelineState(settings.key, settings.startFrom);
	}
	if (state.drain && source.order === 'newestFirst') {
		const drained = await pollDrain(context, source, state, state.drain, settings);
		if (drained) return drained;
	}
	const from = windowStart(state, settings.lookbackSeconds);
	const read = source.list(context, from);
	const { census } = state;
	const idle: Outcome = { batch: [], state, waiting: 0 };
	let first: Page | undefined;
	let changes: Census | undefined;
	// (A state with a drain has no census: the checks below read the window.)
	if (source.movable) {
		// Taken before the read, so that a change during the read shows on the next poll's look.
		let look = census?.digest === undefined ? undefined : await lookAtChanges(context, source, census.from);
		if (look && sameCensus(census!, look.census)) return idle;
		// Something changed: the read starts with a fresh look from this window's start.
		if (look === undefined || census!.from !== from) look = await lookAtChanges(context, source, from);
		changes = look.census;
		if (!source.wider) first = { records: look.page.firstPage, total: look.page.firstTotal };
	} else {
		// The newest page: what is new at the front shows on it, and it is the first page of the read below anyway.
		const front = await firstPage(context, source, read);
		// Nothing arrived in the window since the last complete read: no need to read it again.
		if (
			census &&
			census.from === from &&
			front.firstTotal === census.total &&
			!holdsNew(front.firstPage, source, state, from)
		)
			return idle;
		first = { records: front.firstPage, total: front.firstTotal };
	}

	const list = await readConsistent(context, source, read, {
		concurrency: settings.concurrency,
		sequential: source.movable,
		// The oldest new records are within this many of the end of a newest-first list; one more shows whether any
		// wait before them (with all of these read, more than Max Items per Poll of them are new only if some wait).
		oldest: source.order === 'newestFirst' ? settings.maxItems + 1 + rememberedSince(state, from) : undefined,
		first,
	});
	const selection = selectBatch(list.records, state, source, {
		max: settings.maxItems,
		lookbackSeconds: settings.lookbackSeconds,
		ties: source.order === 'newestFirst' ? 'list' : 'id',
	});
	if (selection.unusable > 0) {
		context.logger.warn(`${selection.unusable} ${source.noun} without an id or timestamp were skipped`, {
			node: context.getNode().name,
		});
	}
	const next: TimelineState = { ...selection.state };
	delete next.census;
	delete next.drain;
	const more = selection.waiting > 0;
	const drain = more ? drainAfter(list, source, next, from, settings.lookbackSeconds) : undefined;
	if (drain) next.drain = drain;
	// With records left for later polls (or unusable ones, never remembered), the next poll has work to do anyway.
	if (!more && selection.unusable === 0) {
		const kept = source.movable ? changes : censusOf(list, source, windowStart(next, settings.lookbackSeconds));
		if (kept) next.census = kept;
	}
	const { emits } = source;
	return {
		...selection,
		state: next,
		waiting: selection.waiting + (more ? list.start : 0),
		batch: emits ? selection.batch.filter((record) => emits(record)) : selection.batch,
	};
}

/**
 * A list compared with the last read (see SnapshotState). Its API has no filter and no sort for the state, so every
 * poll reads all of it once: one request per page, whatever changed. The first poll needs the whole picture (what
 * is already in the state is not news) and reads again while the list changes; a later poll never does: a record
 * it shows in the state is news whether or not others came or went meanwhile, and one it may have missed follows
 * on the next poll.
 */
async function pollSnapshot(
	context: IPollFunctions,
	source: SnapshotSource,
	saved: unknown,
	settings: PollSettings,
): Promise<Outcome> {
	const state = loadSnapshotState(saved, settings.key);
	if (state === undefined && settings.startFrom === undefined) {
		const { records } = await readConsistent(context, source, source.list(context), {
			concurrency: settings.concurrency,
			sequential: false,
		});
		return { batch: [], state: snapshotBaseline(settings.key, records, source, source.matches), waiting: 0 };
	}
	const list = await readList(context, source.list(context), {
		pageSize: source.pageSize,
		concurrency: settings.concurrency,
		keyOf: keyOf(source),
		what: `The list of ${source.noun}`,
	});
	const complete = !list.changed && (list.total === undefined || list.records.length === list.total);
	return selectEntered(list.records, state ?? { version: 1, key: settings.key, reported: [] }, source, {
		matches: source.matches,
		max: settings.maxItems,
		complete,
	});
}

/** The records of a deadline's lists, and the marketplace's clock when they were read (see pollDeadline). */
interface DeadlineRead {
	records: IDataObject[];
	/** Seconds: the latest `Date` of the answers, or the n8n host's clock when they carry none. */
	now: number;
	/** Every list's total held still and it showed that many records (see selectEntered). */
	complete: boolean;
}

async function readDeadlineLists(
	context: IPollFunctions,
	source: DeadlineSource,
	settings: PollSettings,
	consistent: boolean,
): Promise<DeadlineRead> {
	let clock: number | undefined;
	const dated =
		(read: PageReader): PageReader =>
		async (offset, limit, onThrottled) => {
			const page = await read(offset, limit, onThrottled);
			if (page.time !== undefined) clock = Math.max(clock ?? -Infinity, page.time);
			return page;
		};
	const records: IDataObject[] = [];
	let complete = true;
	for (const read of source.lists(context)) {
		if (consistent) {
			const list = await readConsistent(context, source, dated(read), {
				concurrency: settings.concurrency,
				sequential: false,
			});
			records.push(...list.records);
			continue;
		}
		const list = await readList(context, dated(read), {
			pageSize: source.pageSize,
			concurrency: settings.concurrency,
			keyOf: keyOf(source),
			what: `The list of ${source.noun}`,
		});
		complete &&= !list.changed && (list.total === undefined || list.records.length === list.total);
		records.push(...list.records);
	}
	return { records, now: clock ?? Math.floor(Date.now() / 1000), complete };
}

/** When a deadline's record becomes an event (its deadline less the lead time), in seconds; undefined without one. */
const dueAt = (source: DeadlineSource, record: IDataObject): number | undefined => {
	const deadline = source.timeOf(record);
	return deadline === undefined ? undefined : deadline - source.leadSeconds;
};

/**
 * Records whose deadline comes within the lead time (see DeadlineSource), each emitted once while it is listed:
 * every poll reads each status's list in full (the API neither filters nor sorts by the deadline) and compares the
 * deadlines with the marketplace's clock, the `Date` of its answers, so that a wrong n8n clock brings no event early
 * or late. Soonest deadline first, at most Max Items per Poll; those left over are still due on the next poll and
 * follow then. A record stays remembered while it is listed (a later deadline does not make it new) and is forgotten
 * when two complete reads in a row do not show it (sent, cancelled). The first poll marks what is due already as
 * known, or, with a Start Date, only what fell due before that date.
 */
async function pollDeadline(
	context: IPollFunctions,
	source: DeadlineSource,
	saved: unknown,
	settings: PollSettings,
): Promise<Outcome> {
	let state = loadSnapshotState(saved, settings.key);
	const { records, now, complete } = await readDeadlineLists(context, source, settings, state === undefined);
	const isDue = (record: IDataObject) => (dueAt(source, record) ?? Infinity) <= now;
	if (state === undefined) {
		const { startFrom } = settings;
		const known = (record: IDataObject) =>
			isDue(record) && (startFrom === undefined || dueAt(source, record)! < startFrom);
		state = snapshotBaseline(settings.key, records, source, known);
	}
	return selectEntered(records, state, source, {
		matches: isDue,
		keeps: () => true,
		max: settings.maxItems,
		complete,
	});
}

/** "Fetch Test Event": the newest real record, without touching the saved state. */
async function testEvent(context: IPollFunctions, source: EventSource, settings: PollSettings): Promise<IDataObject> {
	let newest: IDataObject | undefined;
	const isEvent = source.kind === 'timeline' ? source.emits : source.kind === 'snapshot' ? source.matches : undefined;
	if (source.kind === 'deadline') {
		// The record that fell due last.
		const { records, now } = await readDeadlineLists(context, source, settings, true);
		const due = (record: IDataObject) => dueAt(source, record) ?? Infinity;
		newest = records.filter((record) => due(record) <= now).sort((a, b) => due(b) - due(a))[0];
	} else if (source.kind === 'timeline' && !isEvent) {
		newest = await readNewest(context, source, source.list(context, undefined));
	} else if (isEvent) {
		// Only some records are events: the whole list is read to find the newest of them.
		const read = source.kind === 'timeline' ? source.list(context, undefined) : source.list(context);
		const { records } = await readConsistent(context, source, read, {
			concurrency: settings.concurrency,
			sequential: false,
		});
		newest = records.filter(isEvent).sort((a, b) => (source.timeOf(b) ?? 0) - (source.timeOf(a) ?? 0))[0];
	}
	if (newest === undefined) {
		throw new NodeOperationError(context.getNode(), `No ${source.noun} found in the seller account yet`, {
			description:
				'Fetch Test Event shows the newest existing one. Once the workflow is published, each new one starts an execution.',
		});
	}
	return newest;
}

/**
 * One poll: read the event's list from the saved cursor, emit what is new (oldest first, at most Max
 * Items per Poll) and save the cursor just past what was emitted. Nothing is saved when the poll fails,
 * so the next one reads the same window again.
 */
export async function pollEvent(
	this: IPollFunctions,
	source: EventSource,
	settings: PollSettings,
): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return [this.helpers.returnJsonArray([await testEvent(this, source, settings)])];

	const lock = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
	if (running.has(lock)) {
		this.logger.info('The previous poll is still running; this one is skipped', { node: this.getNode().name });
		return null;
	}
	running.add(lock);
	try {
		const staticData = this.getWorkflowStaticData('node');
		const saved = staticData[STATE_FIELD];
		const outcome =
			source.kind === 'timeline'
				? await pollTimeline(this, source, saved, settings)
				: source.kind === 'snapshot'
					? await pollSnapshot(this, source, saved, settings)
					: await pollDeadline(this, source, saved, settings);
		if (JSON.stringify(outcome.state) !== JSON.stringify(saved))
			staticData[STATE_FIELD] = outcome.state as unknown as IDataObject;
		if (outcome.waiting > 0) {
			this.logger.info(
				`Up to ${outcome.waiting} more new ${source.noun} follow on the next polls (Max Items per Poll)`,
				{
					node: this.getNode().name,
				},
			);
		}
		return outcome.batch.length ? [this.helpers.returnJsonArray(outcome.batch)] : null;
	} finally {
		running.delete(lock);
	}
}
