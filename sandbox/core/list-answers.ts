/** Page limits and odd list answers: the list behaviour both API versions share (the sandbox core holds them). */
import { boolean, integer, matching, optional, parseBody } from './validate';

export const DEFAULT_PAGE_LIMIT = 30;
export const DEFAULT_PAGE_LIMITS: Record<string, number> = { '/categories/': 1000 };

/**
 * Odd list answers, for tests of what reads lists (both API versions; control: setListAnswers, or
 * `PUT /_sandbox/list-answers`). Each is an answer the OpenAPI allows and the live API may give: pages
 * shorter than asked, a total that does not match the records, pages that repeat the first one, no total.
 */
export interface ListAnswersOptions {
	/** Only lists at this path (relative to the API version's base, e.g. '/orders' or '/orders/seller/'); every list when absent. */
	path?: string;
	/** At most this many records a page, whatever `limit` asks. */
	pageRecords?: number;
	/** The total every answer gives (records stay what they are). */
	total?: number;
	/** Each answer gives a total this much larger than the answer before (a total that jumps). */
	totalStep?: number;
	/** Every page holds the records of the first page, whatever `offset` asks. */
	repeatFirstPage?: boolean;
	/** Answers without a total: v2 without `pagination`, v1 without `HM-Collection-Range`. */
	omitTotal?: boolean;
}

const LIST_ANSWERS = {
	path: optional(matching(/^\/[\x21-\x7e]{0,499}$/, "a path relative to the API's base, starting with '/'")),
	pageRecords: optional(integer(0, 1_000_000)),
	total: optional(integer(0, Number.MAX_SAFE_INTEGER)),
	totalStep: optional(integer(0, 1_000_000_000)),
	repeatFirstPage: optional(boolean),
	omitTotal: optional(boolean),
};

export class ListAnswers {
	private options?: ListAnswersOptions;
	private answered = 0;

	/** `null` answers lists as they are again. */
	set(options: ListAnswersOptions | null): void {
		this.options = options === null ? undefined : parseBody(options, LIST_ANSWERS);
		this.answered = 0;
	}

	get(): ListAnswersOptions | null {
		return this.options ?? null;
	}

	/** The page a list request at `path` is answered with: where its records start, how many, and the total to give. */
	page(
		path: string,
		offset: number,
		limit: number,
	): { from: number; limit: number; total(actual: number): number | undefined } {
		const odd = this.options;
		if (!odd || (odd.path !== undefined && odd.path !== path))
			return { from: offset, limit, total: (actual) => actual };
		const step = (odd.totalStep ?? 0) * this.answered++;
		return {
			from: odd.repeatFirstPage ? 0 : offset,
			limit: Math.min(limit, odd.pageRecords ?? limit),
			total: (actual) => (odd.omitTotal ? undefined : (odd.total ?? actual) + step),
		};
	}
}
