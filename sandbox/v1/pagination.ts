/**
 * Collections: query-parameter checking, filters, sorting, limit/offset and the
 * `HM-Collection-Range: <start>-<end>/<total>` header (1-based, inclusive, `0-0/<total>` when empty).
 */
import { badRequest } from '../core/errors';
import { DEFAULT_PAGE_LIMIT } from '../core/list-answers';
import type { Reply, RouteContext } from './router';

export function collectionRange(offset: number, count: number, total: number): string {
	return count === 0 ? `0-0/${total}` : `${offset + 1}-${offset + count}/${total}`;
}

/** A total of `undefined` answers without the header (see ListAnswers.omitTotal). */
export function collectionReply(rows: unknown[], offset: number, total: number | undefined): Reply {
	return {
		status: 200,
		json: rows,
		headers: total === undefined ? {} : { 'HM-Collection-Range': collectionRange(offset, rows.length, total) },
	};
}

const NON_NEGATIVE_INTEGER = /^\d+$/;

export function readPage(query: Record<string, string>, maxLimit: number): { limit: number; offset: number } {
	const parse = (name: string, fallback: number, min: number) => {
		const text = query[name];
		if (text === undefined) return fallback;
		if (!NON_NEGATIVE_INTEGER.test(text) || Number(text) < min) {
			throw badRequest(`${name} must be an integer of at least ${min}, got '${text}'`);
		}
		return Number(text);
	};
	const limit = Math.min(parse('limit', DEFAULT_PAGE_LIMIT, 1), maxLimit);
	return { limit, offset: parse('offset', 0, 0) };
}

/** Comma-separated multi-value parameter. */
export function listParam(text: string): string[] {
	return text
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

const DATE_FILTER = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A filter parameter: turns its text into a row predicate. */
export type Filter<T> = (text: string, name: string) => (row: T) => boolean;

export const filters = {
	/** exact match on one of the comma-separated values */
	oneOf:
		<T>(get: (row: T) => unknown): Filter<T> =>
		(text) => {
			const wanted = new Set(listParam(text));
			return (row) => wanted.has(String(get(row)));
		},
	/** integer equality */
	integer:
		<T>(get: (row: T) => unknown): Filter<T> =>
		(text, name) => {
			if (!/^\d+$/.test(text)) throw badRequest(`${name} must be an integer, got '${text}'`);
			const wanted = Number(text);
			return (row) => get(row) === wanted;
		},
	/** `...:from` filters: timestamps compare as 'YYYY-MM-DD HH:MM:SS' strings */
	since:
		<T>(get: (row: T) => string | null): Filter<T> =>
		(text, name) => {
			if (!DATE_FILTER.test(text)) throw badRequest(`${name} must look like 'YYYY-MM-DD HH:MM:SS', got '${text}'`);
			return (row) => (get(row) ?? '') >= text;
		},
	/** case-insensitive substring search */
	search:
		<T>(get: (row: T) => string): Filter<T> =>
		(text) => {
			const needle = text.toLowerCase();
			return (row) => get(row).toLowerCase().includes(needle);
		},
};

export interface ListSpec<T> {
	/** rows the collection never shows (e.g. marketplace-fulfilled orders) are filtered out by this */
	where?: (row: T) => boolean;
	filters?: Record<string, Filter<T>>;
	/** fields `sort=<field>:<asc|desc>` may name; absent → no `sort` parameter */
	sortFields?: string[];
	/** default order; rows are stored oldest first, so 'desc' walks them backwards */
	defaultSort?: { field: string; direction: 'asc' | 'desc' };
	/** values `embedded` may hold */
	embedded?: string[];
	/** other accepted query parameters, handled by the route itself */
	extraParams?: string[];
}

export interface ListQuery<T> {
	predicate: ((row: T) => boolean) | undefined;
	compare: ((a: T, b: T) => number) | undefined;
	reverse: boolean;
	embedded: Set<string>;
	limit: number;
	offset: number;
}

/** Checks every query parameter of a collection request against its spec. */
export function readListQuery<T>(query: Record<string, string>, spec: ListSpec<T>, maxLimit: number): ListQuery<T> {
	const known = new Set(['limit', 'offset', ...Object.keys(spec.filters ?? {}), ...(spec.extraParams ?? [])]);
	if (spec.sortFields) known.add('sort');
	if (spec.embedded) known.add('embedded');
	for (const name of Object.keys(query)) {
		if (!known.has(name)) {
			throw badRequest(`Unknown query parameter '${name}'; accepted: ${[...known].join(', ')}`);
		}
	}
	const predicates = Object.entries(spec.filters ?? {})
		.filter(([name]) => query[name] !== undefined)
		.map(([name, filter]) => filter(query[name], name));
	if (spec.where) predicates.unshift(spec.where);
	const predicate = predicates.length === 0 ? undefined : (row: T) => predicates.every((p) => p(row));

	let sort = spec.defaultSort;
	if (query.sort !== undefined) {
		const match = /^([a-z_]+):(asc|desc)$/.exec(query.sort);
		if (!match || !spec.sortFields!.includes(match[1])) {
			throw badRequest(`sort must be '<field>:asc' or '<field>:desc' with field one of ${spec.sortFields!.join(', ')}`);
		}
		sort = { field: match[1], direction: match[2] as 'asc' | 'desc' };
	}
	// rows are stored in creation order, so only sorts on other fields need a real sort
	const natural = !sort || sort.field === 'ts_created' || sort.field === spec.defaultSort?.field;
	const compare = natural
		? undefined
		: (a: T, b: T) => {
				const x = (a as Record<string, unknown>)[sort!.field] as string | number;
				const y = (b as Record<string, unknown>)[sort!.field] as string | number;
				return x < y ? -1 : x > y ? 1 : 0;
			};

	return {
		predicate,
		compare,
		// Descending is ascending reversed: records of the same time newest created first, as API v2's sandbox lists them.
		reverse: sort?.direction === 'desc',
		embedded: readEmbedded(query, spec.embedded ?? []),
		...readPage(query, maxLimit),
	};
}

export function readEmbedded(query: Record<string, string>, allowed: string[]): Set<string> {
	const values = query.embedded === undefined ? [] : listParam(query.embedded);
	const wrong = values.filter((v) => !allowed.includes(v));
	if (wrong.length > 0) {
		throw badRequest(
			allowed.length === 0
				? `embedded is not supported here`
				: `embedded value${wrong.length > 1 ? 's' : ''} ${wrong.map((v) => `'${v}'`).join(', ')} not supported; allowed: ${allowed.join(', ')}`,
		);
	}
	return new Set(values);
}

/** Applies filter, order and page; returns the page and the filtered total. Linear in the rows. */
export function selectPage<T>(rows: readonly T[], list: ListQuery<T>): { page: T[]; total: number } {
	const { predicate, compare, reverse, limit, offset } = list;
	if (!predicate && !compare) {
		const total = rows.length;
		const page = reverse
			? rows.slice(Math.max(0, total - offset - limit), Math.max(0, total - offset)).reverse()
			: rows.slice(offset, offset + limit);
		return { page, total };
	}
	let matched = predicate ? rows.filter(predicate) : rows.slice();
	if (compare) matched = stableSort(matched, compare);
	if (reverse) matched.reverse();
	return { page: matched.slice(offset, offset + limit), total: matched.length };
}

function stableSort<T>(rows: T[], compare: (a: T, b: T) => number): T[] {
	return rows
		.map((row, i) => ({ row, i }))
		.sort((a, b) => compare(a.row, b.row) || a.i - b.i)
		.map(({ row }) => row);
}

/** The whole collection answer: check the query, select the page, render each row. */
export function listReply<T>(
	ctx: RouteContext,
	rows: readonly T[],
	spec: ListSpec<T>,
	view: (row: T, embedded: Set<string>) => unknown,
): Reply {
	const list = readListQuery(ctx.query, spec, ctx.maxLimit);
	const odd = ctx.core.listAnswers.page(ctx.path, list.offset, list.limit);
	const { page, total } = selectPage(rows, { ...list, offset: odd.from, limit: odd.limit });
	return collectionReply(
		page.map((row) => view(row, list.embedded)),
		list.offset,
		odd.total(total),
	);
}
