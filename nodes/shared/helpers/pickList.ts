/**
 * The "From List" mode of every resource locator of both node versions: one page of a collection at a time,
 * the records the typed text names exactly shown first, and only the records that fit the operation.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { readPagesFrom, type PageReader } from '../../api/core/paging';

/** A "From List" search as n8n calls it (a node's `methods.listSearch`): the typed filter and the token of the next page. */
export type ListSearch = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

export interface PickSource {
	toEntry(record: IDataObject): INodeListSearchItems;
	/**
	 * The collection, narrowed by the server to what fits the operation where it can: an API version's page
	 * reader for the paging engine, or the records themselves when they are already at hand. Absent: nothing to list.
	 */
	pages?: { read: PageReader; pageSize: number; what: string } | { records: IDataObject[] };
	/**
	 * The records the typed text names: a GET of the ID it is, or the server's own search (an offer ID, an EAN,
	 * a tracking code). They are found on any page and shown before the list.
	 */
	lookup?(text: string): Promise<IDataObject[]>;
	/** Whether a record fits the operation, e.g. Send offers only order units waiting to be sent. */
	fits?(record: IDataObject): boolean;
	/** Whether `readPage` is the API's own search for the typed text, so that every record it returns matches. */
	searchedByServer?: boolean;
}

/**
 * The statuses a record must be in for an operation to act on it, the same in both API versions: an operation
 * declares one of these as its `picks`, and its pickers offer only records in them, as the API refuses the others.
 */
export const PICKABLE_STATUSES = {
	orderUnitToSend: ['need_to_be_sent'],
	orderUnitToCancel: ['open', 'need_to_be_sent'],
	orderUnitToFulfil: ['open'],
	orderUnitToRefund: ['need_to_be_sent', 'sent', 'received', 'sent_and_autopaid', 'returned'],
	openReturnUnit: ['need_to_be_returned', 'return_arrived', 'return_in_clarification'],
	/** Claims (API v1) and tickets alike. */
	closableConversation: ['opened', 'buyer_closed'],
	answerableConversation: ['opened', 'buyer_closed', 'seller_closed', 'both_closed'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The statuses the operation chosen in the form can act on (what it declares as `picks`), or undefined for any.
 * `find` is the node version's lookup of an operation by resource and operation.
 */
export function actionableStatuses(
	context: { getCurrentNodeParameter(name: string): unknown },
	find: (resource: string, operation: string) => { picks?: readonly string[] } | undefined,
): readonly string[] | undefined {
	return find(
		String(context.getCurrentNodeParameter('resource') ?? ''),
		String(context.getCurrentNodeParameter('operation') ?? ''),
	)?.picks;
}

/** Pages read in one call while nothing on them matches the typed text or fits, before the editor is handed the next offset. */
const PAGES_PER_CALL = 10;

/** The entries of one call of the list, and the offset of the next page as the pagination token. */
export async function pickList(
	context: ILoadOptionsFunctions,
	source: PickSource,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = filter?.trim() ?? '';
	const needle = source.searchedByServer ? '' : text.toLowerCase();
	const fits = (record: IDataObject) => source.fits?.(record) ?? true;
	const start = Math.max(0, Number(paginationToken ?? 0) || 0);
	const named =
		start === 0 && text && source.lookup ? (await source.lookup(text)).filter(fits).map(source.toEntry) : [];
	const shown = new Set(named.map((entry) => String(entry.value)));
	const results: INodeListSearchItems[] = [...uniqueEntries(named)];
	/** Adds a page's entries; whether this call has something to show. */
	const show = (records: IDataObject[]): boolean => {
		for (const entry of records.filter(fits).map(source.toEntry)) {
			const value = String(entry.value);
			// A record the lookup finds is shown first, on the first call; later pages leave it out.
			if (shown.has(value) || (source.lookup && value === text)) continue;
			if (needle && !`${entry.name} ${value}`.toLowerCase().includes(needle)) continue;
			shown.add(value);
			results.push(entry);
		}
		return results.length > 0;
	};
	const { pages } = source;
	if (!pages) return { results };
	if ('records' in pages) {
		show(pages.records);
		return { results };
	}
	const next = await readPagesFrom(
		context,
		pages.read,
		{ pageSize: pages.pageSize, what: pages.what, start, maxPages: PAGES_PER_CALL },
		show,
	);
	return next === undefined ? { results } : { results, paginationToken: String(next) };
}

function uniqueEntries(entries: INodeListSearchItems[]): INodeListSearchItems[] {
	const seen = new Set<string>();
	return entries.filter((entry) => !seen.has(String(entry.value)) && seen.add(String(entry.value)));
}

/**
 * Answers to a GET of a typed ID that mean "no such record to pick": none (404), an ID the API does not take
 * (400, 422), or one the seller may not act on, e.g. an order the marketplace fulfils (403).
 */
const NOT_A_PICK = ['400', '403', '404', '422'];

/** A record read by the ID the seller typed, or nothing when the API answers that there is none to pick. */
export async function readIfFound(read: () => Promise<IDataObject | undefined>): Promise<IDataObject[]> {
	const record = await read().catch((error: unknown) => {
		if (error instanceof NodeApiError && NOT_A_PICK.includes(String(error.httpCode))) return undefined;
		throw error;
	});
	return record && typeof record === 'object' && !Array.isArray(record) ? [record] : [];
}

/** Whether `text` is typed as an ID of `regex` (an IdFormat's, which n8n applies whole). */
export function isIdLike(regex: string, text: string): boolean {
	return new RegExp(`^(?:${regex})$`).test(text);
}
