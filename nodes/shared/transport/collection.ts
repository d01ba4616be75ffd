import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requestSettings, type ApiContext } from './request';

export interface CollectionRequest {
	path: string;
	query?: IDataObject;
	/** Largest `limit` the endpoint takes. */
	pageSize?: number;
	/** Field that identifies a record, to drop records repeated across pages when offsets shift. */
	idField?: string;
	itemIndex?: number;
}

export interface CollectionLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

/** One page as an API version reports it: its records and the collection's total at that moment. */
export interface PageResult {
	records: IDataObject[];
	total: number;
}

/** Reads the page at `offset` of at most `limit` records; `onThrottled` is to be called on a 429. */
export type PageReader = (offset: number, limit: number, onThrottled: () => void) => Promise<PageResult>;

interface Page extends PageResult {
	offset: number;
	requested: number;
}

/**
 * Reads a collection page by page with any API version's page reader.
 * The first page tells the total; after it, up to "Page Concurrency" requests stay in flight (a sliding
 * window, not batches, so one slow page does not hold the others up). Pages are kept in offset order. It
 * advances by what the server actually returned (a server may clamp `limit`), follows a total that grows
 * while it runs, stops at the total, on an empty page or at the limit, and drops records repeated across
 * pages when new records shift the offsets. Any page that fails fails the whole read: nothing is dropped.
 */
export async function readAllPages(
	context: ApiContext,
	request: CollectionRequest,
	{ returnAll, limit }: CollectionLimit,
	readPage: PageReader,
	defaultPageSize: number,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, Math.floor(limit ?? 50));
	const records: IDataObject[] = [];
	if (wanted === 0) return records;
	let concurrency = requestSettings(context, request.itemIndex).concurrency;
	let pageSize = Math.min(request.pageSize ?? defaultPageSize, wanted);
	const seen = new Set<string>();
	let total = Infinity;
	/** Positions [0, covered) of the collection have been read and kept. */
	let covered = 0;

	const fetchPage = async (offset: number, pageLimit: number): Promise<Page> => {
		const page = await readPage(offset, pageLimit, () => (concurrency = 1));
		return { ...page, offset, requested: pageLimit };
	};

	/** Takes a page that starts exactly at `covered`; returns whether it came back shorter than asked. */
	const keep = (page: Page): boolean => {
		total = page.total;
		if (page.records.length === 0) {
			total = Math.min(total, page.offset); // the collection shrank: nothing more to read
			return false;
		}
		for (const record of page.records) {
			if (records.length >= wanted) break;
			const key = request.idField && record[request.idField] !== undefined ? String(record[request.idField]) : JSON.stringify(record);
			if (seen.has(key)) continue;
			seen.add(key);
			records.push(record);
		}
		covered += page.records.length;
		return page.records.length < page.requested;
	};

	try {
		// The first page alone: it tells the total, and whether the server clamps `limit` below what we ask.
		const first = await fetchPage(0, pageSize);
		const short = keep(first);
		if (short && covered < total) pageSize = first.records.length;

		const done = new Map<number, Page>();
		const requested = new Set<number>([0]);
		let nextOffset = covered;
		let inFlight = 0;
		let failure: unknown;
		// In Limit mode, read only as far as the records still missing reach.
		const horizon = () => Math.min(total, covered + (wanted - records.length));

		await new Promise<void>((resolve) => {
			const pump = () => {
				while (!failure && inFlight < concurrency && records.length < wanted && nextOffset < horizon()) {
					const offset = nextOffset;
					const pageLimit = Math.min(pageSize, horizon() - offset);
					nextOffset += pageLimit;
					if (requested.has(offset)) continue;
					requested.add(offset);
					inFlight++;
					fetchPage(offset, pageLimit)
						.then((page) => {
							done.set(page.offset, page);
							for (let next = done.get(covered); next; next = done.get(covered)) {
								done.delete(next.offset);
								// A short page leaves a gap before the pages already asked for: read on from it.
								if (keep(next) && covered < total) nextOffset = covered;
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
		if (failure) throw failure;
	} catch (error) {
		// Both constructors hand back an error that is already of their class, so it keeps its message and status.
		const failure =
			error instanceof NodeApiError
				? new NodeApiError(context.getNode(), error as unknown as JsonObject)
				: new NodeOperationError(context.getNode(), error as Error, { itemIndex: request.itemIndex });
		if (records.length) {
			const note = `The ${records.length} records read before this failure were not output; the next run reads them all from the start.`;
			failure.description = failure.description ? `${failure.description}\n${note}` : note;
		}
		throw failure;
	}
	return records;
}
