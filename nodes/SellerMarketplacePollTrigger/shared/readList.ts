import type { IDataObject } from 'n8n-workflow';

import type { ListPage, ListPageReader } from './sources';

export interface ReadListOptions {
	pageSize: number;
	/** Pages read at the same time (drops to 1 at the first 429). */
	concurrency: number;
	/** Read pages strictly one after another (lists whose records move to the front when they change). */
	sequential: boolean;
	/**
	 * For lists sorted newest first: read only the oldest `count` records (the end of the list), plus
	 * whatever arrives while reading. Undefined reads the whole list.
	 */
	oldest?: { count: number; timeOf: (record: IDataObject) => number | undefined };
}

const ATTEMPTS = 3;

interface Plan {
	first: ListPage;
	/** Offset of the first record to keep. */
	start: number;
	/** Page size the server actually serves (it may clamp `limit`). */
	size: number;
}

function plan(first: ListPage, pageSize: number, oldest: number | undefined): Plan {
	const served = first.records.length;
	const size = served > 0 && served < pageSize && first.total > served ? served : pageSize;
	const start = oldest === undefined ? served : Math.max(served, first.total - oldest);
	return { first, start, size };
}

/** The first page's records when the part to keep begins right after it (else they are the newest, not kept). */
function keptFromFirst({ first, start }: Plan): IDataObject[] {
	return start === first.records.length ? [...first.records] : [];
}

/**
 * Pages after the first read in parallel. The result is a consistent snapshot only if every page reports
 * the total the first page reported and comes back full: then nothing was added or removed in between.
 * Returns undefined otherwise.
 */
async function readInParallel(read: ListPageReader, readPlan: Plan, concurrency: number): Promise<IDataObject[] | undefined> {
	const { first, start, size } = readPlan;
	const offsets: number[] = [];
	for (let offset = start; offset < first.total; offset += size) offsets.push(offset);
	const pages = new Map<number, ListPage>();
	let limit = Math.max(1, concurrency);
	let next = 0;
	let inFlight = 0;
	let failure: unknown;
	// A sliding window: a new page starts as soon as one comes back, never more than `limit` at once.
	await new Promise<void>((resolve) => {
		const pump = () => {
			while (failure === undefined && inFlight < limit && next < offsets.length) {
				const offset = offsets[next++];
				inFlight++;
				read(offset, Math.min(size, first.total - offset), () => (limit = 1))
					.then((page) => pages.set(offset, page))
					.catch((error: unknown) => (failure ??= error))
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

	const records = keptFromFirst(readPlan);
	for (const offset of offsets) {
		const page = pages.get(offset)!;
		const expected = Math.min(size, first.total - offset);
		if (page.total !== first.total || page.records.length !== expected) return undefined;
		records.push(...page.records);
	}
	return records;
}

/**
 * Pages read one after another, front to back, following a total that grows. Records only ever move
 * towards the end while new ones arrive or changed ones jump to the front, so a record cannot slip past
 * this read. A total that shrinks (a record left the list) could have moved one back onto a page
 * already read: returns undefined then.
 */
async function readInOrder(read: ListPageReader, readPlan: Plan): Promise<IDataObject[] | undefined> {
	const { first, start, size } = readPlan;
	const records = keptFromFirst(readPlan);
	let total = first.total;
	for (let offset = start; offset < total; ) {
		const page = await read(offset, size, () => undefined);
		if (page.total < total || page.records.length === 0) return undefined;
		total = page.total;
		records.push(...page.records);
		offset += page.records.length;
	}
	return records;
}

/**
 * Reads a list completely (or, with `oldest`, its oldest records): a first page that tells the total,
 * then the rest. Repeated records (pages shifted while reading) are left for the caller to drop.
 * Undefined when the list kept shrinking while it was read, three times over: no complete picture.
 */
export async function readList(read: ListPageReader, options: ReadListOptions): Promise<IDataObject[] | undefined> {
	const { oldest } = options;
	for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
		const first = await read(0, options.pageSize, () => undefined);
		const readPlan = plan(first, options.pageSize, oldest?.count);
		if (readPlan.start >= first.total || first.records.length === 0) return keptFromFirst(readPlan);
		const parallel = attempt === 1 && !options.sequential && options.concurrency > 1;
		const records = parallel ? await readInParallel(read, readPlan, options.concurrency) : await readInOrder(read, readPlan);
		if (!records) continue;
		// Reading only the end is right only if the list really is newest first; if not, read all of it.
		const seen = readPlan.start === first.records.length ? records : [...first.records, ...records];
		if (oldest && !isNewestFirst(seen, oldest.timeOf)) return await readList(read, { ...options, oldest: undefined });
		return records;
	}
	return undefined;
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

/** The newest record of a list sorted newest first, or of an unordered one (the larger of its two ends). */
export async function readNewest(
	read: ListPageReader,
	order: 'newestFirst' | 'unordered',
	timeOf: (record: IDataObject) => number | undefined,
): Promise<IDataObject | undefined> {
	const first = await read(0, 1, () => undefined);
	const candidates = [...first.records];
	if (order === 'unordered' && first.total > 1) candidates.push(...(await read(first.total - 1, 1, () => undefined)).records);
	const time = (record: IDataObject) => timeOf(record) ?? -Infinity;
	return candidates.reduce<IDataObject | undefined>((newest, record) => (newest === undefined || time(record) > time(newest) ? record : newest), undefined);
}
