/**
 * The one paging engine: everything that reads a list (Return All / Limit of the action node, the pickers'
 * list searches, the poll triggers) reads it here, through an API version's adapter that reads one page.
 *
 * Against any answer the OpenAPI allows it terminates within a bounded number of requests: the page size
 * asked stays the same (a short page is read on from where it ended, never with a smaller `limit`); an empty
 * page under a total that says more, a page of records all read before, and a total that more than doubles
 * are errors that say what was read; a list without a total is read until a short page; no read asks more
 * than MAX_PAGES pages. Offsets are planned one page at a time, so nothing is allocated for a total whose
 * records were not seen.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requestSettings } from './settings';
import type { ApiContext } from './types';

/** One page as an adapter reads it. */
export interface Page {
	records: IDataObject[];
	/** The list's total at that moment, when the answer gives one (it is optional in API v2, and v1's header may be missing). */
	total?: number;
	/** The `limit` really sent when the adapter had to ask for fewer records than the engine wanted (offset alignment). */
	asked?: number;
	/** The marketplace's clock when it answered (its `Date` header), in seconds; undefined without one. */
	time?: number;
}

/** An answer's `Date` header (RFC 9110: an HTTP-date) in seconds since the epoch, or undefined. */
export function answerTime(headers: Record<string, unknown>): number | undefined {
	const value = headers.date;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** Reads at most `limit` records from `offset`; `onThrottled` is to be called on a 429 (the read slows to one page at a time). */
export type PageReader = (offset: number, limit: number, onThrottled: () => void) => Promise<Page>;

/** Pages read at most by one read whose list gives no total (or keeps growing): a bound, whatever the answers. */
export const MAX_PAGES = 10_000;

export interface ReadPlan {
	/** The `limit` of every page (the endpoint's largest, or the records wanted when fewer). */
	pageSize: number;
	/** Pages in flight at once ("Page Concurrency"); drops to 1 on a 429. */
	concurrency?: number;
	/** Records wanted at most (Limit); all when absent. */
	max?: number;
	/**
	 * Only the last `tail` records of the list (its oldest, when it is sorted newest first): after the first page,
	 * which tells the total, the read jumps to `total - tail`. Without a total the whole list is read.
	 */
	tail?: number;
	/** A record's identity, to drop records repeated when the list shifts while read (default: its JSON). */
	keyOf?(record: IDataObject): string | undefined;
	/**
	 * A list that changes so that a record may have slipped between two pages throws ListChangedError: read one
	 * page after another, a list that shrinks (records move to earlier pages); read several pages at once, any
	 * change of the total (a page asked later may be answered first).
	 */
	strict?: boolean;
	/** The first page (offset 0, `pageSize` asked), when the caller has read it already. */
	first?: Page;
	/** The list, for messages: "GET /orders". */
	what: string;
	itemIndex?: number;
}

export interface ListRead {
	records: IDataObject[];
	/** The records of the first page (offset 0), whether or not they are part of `records` (see `tail`). */
	firstPage: IDataObject[];
	/** Offset of the first of `records` (not 0 when `tail` skipped part of the list). */
	start: number;
	/** The total the first page gave, and the last one any page gave. */
	firstTotal?: number;
	total?: number;
	/** Whether a page gave another total than the first: records came or went while the list was read. */
	changed: boolean;
	/** Requests sent. */
	pages: number;
}

/** The list changed under a strict read (a total that shrank): the caller may read it again. */
export class ListChangedError extends Error {}

interface Context {
	getNode(): INode;
}

const jsonKey = (record: IDataObject) => JSON.stringify(record);

/** Errors the engine itself built about the answers: they already say what was read. */
const judged = new WeakSet<Error>();

/**
 * The bookkeeping of one read: pages are handed to it in offset order, and it judges each one against what
 * was read before (the rules above). `covered` is the offset the next page must start at.
 */
class Reading {
	readonly records: IDataObject[] = [];
	firstPage: IDataObject[] = [];
	pages = 0;
	covered: number;
	total?: number;
	/** Offset of the list's end, once a page showed it. */
	end?: number;
	firstTotal?: number;
	changed = false;
	start: number;
	private readonly seen = new Set<string>();

	constructor(
		private readonly context: Context,
		private readonly plan: ReadPlan,
		start = 0,
	) {
		this.covered = start;
		this.start = start;
	}

	get wanted(): number {
		return this.plan.max ?? Infinity;
	}

	private get concurrent(): boolean {
		return (this.plan.concurrency ?? 1) > 1;
	}

	get finished(): boolean {
		return this.records.length >= this.wanted || (this.end !== undefined && this.covered >= this.end);
	}

	/** An error that says what was read and which answer contradicted it. */
	inconsistent(reason: string): NodeOperationError {
		const error = new NodeOperationError(
			this.context.getNode(),
			`${this.plan.what}: read ${this.records.length} records in ${this.pages} pages; ${reason}`,
			{
				description:
					"The marketplace's answers contradict each other, so the list cannot be read completely; nothing was output. Running the node again reads the list from the start.",
				itemIndex: this.plan.itemIndex,
			},
		);
		judged.add(error);
		return error;
	}

	/**
	 * Takes the page that starts at `covered`. `before`: the largest total any page gave before this one was
	 * asked for (pages read at the same time are answered in any order, so only an earlier answer can show a shrink).
	 */
	accept(asked: number, page: Page, before = this.total): void {
		const offset = this.covered;
		const limit = Math.min(asked, page.asked ?? asked);
		const records = page.records.slice(0, limit);
		if (offset === 0) this.firstPage = records;
		const total = page.total;
		if (total !== undefined) {
			if (this.firstTotal === undefined) this.firstTotal = total;
			else if (total !== this.firstTotal) this.changed = true;
			if (total > 2 * this.firstTotal + this.plan.pageSize) {
				throw this.inconsistent(
					`the page at offset ${offset} gave a total of ${total}, where the first gave ${this.firstTotal}`,
				);
			}
			if (this.plan.strict && (this.concurrent ? total !== this.firstTotal : before !== undefined && total < before)) {
				throw new ListChangedError(`${this.plan.what} changed while it was read`);
			}
			this.total = total;
		}
		const reached = offset + records.length;
		if (records.length < limit) {
			// Shorter than asked while the total says there is more: a server that clamps `limit`. The read goes on from
			// where the page ended, still asking the same page size; an empty page under such a total is a contradiction.
			if (total !== undefined && total > reached && records.length === 0) {
				throw this.inconsistent(`the page at offset ${offset} was empty, although the total is ${total}`);
			}
			if (total === undefined || total <= reached) this.end = reached;
		} else if (total !== undefined && total <= reached) {
			this.end = reached;
		}
		const keyOf = (record: IDataObject) => this.plan.keyOf?.(record) ?? jsonKey(record);
		const keys = records.map(keyOf);
		// Records placed while the list is read push the pages still to come back by as many: a page may repeat that
		// many records already read (they are dropped). More than the list grew, and the answers contradict each other.
		const grown = total === undefined || this.firstTotal === undefined ? 0 : Math.max(0, total - this.firstTotal);
		if (keys.length > grown && keys.every((key) => this.seen.has(key))) {
			throw this.inconsistent(
				`the page at offset ${offset} repeated records already read${total === undefined ? '' : ` (total ${total})`}`,
			);
		}
		records.forEach((record, index) => {
			if (this.records.length >= this.wanted || this.seen.has(keys[index])) return;
			this.seen.add(keys[index]);
			this.records.push(record);
		});
		this.covered = reached;
		this.pages++;
	}

	/** Leaves out what lies before `offset` (see ReadPlan.tail): the read goes on from there. */
	skipTo(offset: number): void {
		this.records.length = 0;
		this.covered = offset;
		this.start = offset;
	}

	result(): ListRead {
		const { records, firstPage, start, firstTotal, total, changed, pages } = this;
		return { records, firstPage, start, firstTotal, total, changed, pages };
	}
}

/** A failure of a page: the read stops, and says how far it got (nothing read is output). */
function failed(context: Context, error: unknown, reading: Reading, itemIndex: number | undefined): Error {
	if (error instanceof ListChangedError || (error instanceof Error && judged.has(error))) return error;
	// Both constructors hand back an error that is already of their class, so it keeps its message and status.
	const failure =
		error instanceof NodeApiError
			? new NodeApiError(context.getNode(), error as unknown as JsonObject)
			: new NodeOperationError(context.getNode(), error as Error, { itemIndex });
	if (reading.records.length) {
		const note = `The ${reading.records.length} records read before this failure were not output; the next run reads them all from the start.`;
		failure.description = failure.description ? `${failure.description}\n${note}` : note;
	}
	return failure;
}

/**
 * Reads a list: the first page alone (it tells the total), then up to `concurrency` pages in flight (a
 * sliding window, at most that many pages ahead of the last one taken, so one slow page holds up neither
 * the others nor memory). Pages are taken in offset order; any page that fails fails the read.
 */
export async function readList(context: Context, readPage: PageReader, plan: ReadPlan): Promise<ListRead> {
	const reading = new Reading(context, plan);
	if (reading.wanted <= 0) return reading.result();
	let concurrency = Math.max(1, plan.concurrency ?? 1);
	const throttled = () => (concurrency = 1);
	const pageSize = Math.max(1, Math.min(plan.pageSize, reading.wanted));
	let requests = 0;
	const fetch = async (offset: number, limit: number) => {
		requests++;
		return await readPage(offset, limit, throttled);
	};
	try {
		reading.accept(pageSize, plan.first ?? (await fetch(0, pageSize)));
		if (plan.tail !== undefined && reading.total !== undefined && !reading.finished) {
			const start = reading.total - plan.tail;
			if (start > reading.covered) reading.skipTo(start);
		}

		const arrived = new Map<number, { asked: number; page: Page; before?: number }>();
		/** The largest total of the pages answered so far (see Reading.accept). */
		let answered = reading.total;
		let next = reading.covered;
		let inFlight = 0;
		let failure: unknown;
		// A page asks for no more than the Limit still misses, nor than the total says is left.
		const limitOf = (offset: number) =>
			Math.min(
				pageSize,
				reading.covered + (reading.wanted - reading.records.length) - offset,
				(reading.total ?? Infinity) - offset,
			);
		const more = () =>
			failure === undefined &&
			!reading.finished &&
			inFlight < concurrency &&
			next < reading.covered + concurrency * pageSize &&
			limitOf(next) > 0;
		await new Promise<void>((resolve) => {
			const pump = () => {
				while (more()) {
					if (requests >= MAX_PAGES) {
						failure = reading.inconsistent(`stopped: a list read at most ${MAX_PAGES} pages at a time`);
						break;
					}
					const offset = next;
					const limit = limitOf(offset);
					next += limit;
					inFlight++;
					const before = answered;
					fetch(offset, limit)
						.then((page) => {
							if (page.total !== undefined) answered = Math.max(answered ?? 0, page.total);
							arrived.set(offset, { asked: limit, page, before });
							for (
								let ready = arrived.get(reading.covered);
								ready && !reading.finished;
								ready = arrived.get(reading.covered)
							) {
								const from = reading.covered;
								arrived.delete(from);
								reading.accept(ready.asked, ready.page, ready.before);
								// A page that ended before the next one planned (offset alignment, a server that clamps `limit`): plan
								// again from it, one page at a time, so that no page is asked for a gap.
								if (!reading.finished && reading.covered < from + ready.asked) {
									arrived.clear();
									next = reading.covered;
									concurrency = 1;
								}
							}
						})
						.catch((error: unknown) => {
							failure ??= error;
						})
						.finally(() => {
							inFlight--;
							pump();
						});
				}
				if (inFlight === 0) resolve();
			};
			pump();
		});
		if (failure !== undefined) throw failure;
	} catch (error) {
		throw failed(context, error, reading, plan.itemIndex);
	}
	return reading.result();
}

/** All records of a list (or the first `max`). */
export async function readRecords(context: Context, readPage: PageReader, plan: ReadPlan): Promise<IDataObject[]> {
	return (await readList(context, readPage, plan)).records;
}

/**
 * Pages one after another from `start`, for a list shown a screen at a time (the pickers): each page is
 * handed to `onPage`, which says whether this call has enough. Returns the offset to go on from, or
 * undefined once the list has ended. At most `maxPages` pages per call.
 */
export async function readPagesFrom(
	context: Context,
	readPage: PageReader,
	plan: ReadPlan & { start: number; maxPages: number },
	onPage: (records: IDataObject[]) => boolean,
): Promise<number | undefined> {
	const reading = new Reading(context, plan, plan.start);
	for (let pages = 0; pages < plan.maxPages; pages++) {
		const before = reading.records.length;
		reading.accept(plan.pageSize, await readPage(reading.covered, plan.pageSize, () => undefined));
		const enough = onPage(reading.records.slice(before));
		if (reading.finished) return undefined;
		if (enough) break;
	}
	return reading.covered;
}

/** A Get Many of the action node (and the dropdowns that list records). */
export interface CollectionRequest {
	path: string;
	query?: IDataObject;
	/** Largest `limit` the endpoint takes. */
	pageSize?: number;
	/** Field that identifies a record, to drop records repeated across pages when offsets shift. */
	idField?: string;
	itemIndex?: number;
}

/** The form's Return All / Limit. */
export interface CollectionLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

/** Return All / Limit of a Get Many, with the form's Page Concurrency. */
export async function readCollection(
	context: ApiContext,
	request: CollectionRequest,
	{ returnAll, limit }: CollectionLimit,
	readPage: PageReader,
	defaultPageSize: number,
): Promise<IDataObject[]> {
	const { idField } = request;
	return await readRecords(context, readPage, {
		pageSize: request.pageSize ?? defaultPageSize,
		concurrency: requestSettings(context, request.itemIndex).concurrency,
		max: returnAll ? undefined : Math.max(0, Math.floor(limit ?? 50)),
		keyOf: idField ? (record) => (record[idField] === undefined ? undefined : String(record[idField])) : undefined,
		what: `GET ${request.path}`,
		itemIndex: request.itemIndex,
	});
}
