/**
 * v2 collections: `limit` / `offset` (each operation's own default and maximum come from the
 * OpenAPI and are enforced before the handler runs) and the `{data, pagination: {offset, limit, total}}` envelope.
 * `limit=0`, which several operations allow, answers no rows but the total.
 */
import { iso } from './views';
import type { V2Context, V2Reply } from './handler';

/** used only by operations whose `limit` has no default in the OpenAPI */
const FALLBACK_LIMIT = 30;

export function page<T>(ctx: V2Context, rows: readonly T[], view: (row: T) => unknown): V2Reply {
	const limit = (ctx.query.limit as number | undefined) ?? FALLBACK_LIMIT;
	const offset = (ctx.query.offset as number | undefined) ?? 0;
	// Odd answers a test asked for (ListAnswers): shorter pages, another total, repeats, no `pagination`.
	const odd = ctx.core.listAnswers.page(ctx.entry.path, offset, limit);
	const data = rows.slice(odd.from, odd.from + odd.limit).map(view);
	const total = odd.total(rows.length);
	return { status: 200, body: total === undefined ? { data } : { data, pagination: { offset, limit, total } } };
}

/** Rows passing every predicate; `undefined` predicates (filters not asked for) are skipped. */
export function where<T>(rows: readonly T[], ...predicates: Array<((row: T) => boolean) | undefined>): T[] {
	const active = predicates.filter((p): p is (row: T) => boolean => p !== undefined);
	// no filter: a plain copy (callers may sort it), not a call of every() per row
	return active.length === 0 ? rows.slice() : rows.filter((row) => active.every((p) => p(row)));
}

/** `*_from_iso` filters: rows whose (v1-format) timestamp is at or after the given instant. */
export function since<T>(
	ctx: V2Context,
	name: string,
	timestamp: (row: T) => string,
): ((row: T) => boolean) | undefined {
	const from = ctx.query[name] as string | undefined;
	if (from === undefined) return undefined;
	const fromMs = Date.parse(from);
	return (row) => Date.parse(iso(timestamp(row))) >= fromMs;
}

/** Equality with an optional single-value filter. */
export function equals<T>(value: unknown, get: (row: T) => unknown): ((row: T) => boolean) | undefined {
	return value === undefined ? undefined : (row) => get(row) === value;
}

/** Membership in an array filter (empty: no filter). */
export function among<T>(values: readonly string[], get: (row: T) => string): ((row: T) => boolean) | undefined {
	return values.length === 0 ? undefined : (row) => values.includes(get(row));
}

/**
 * Newest first by a timestamp; ties keep the later-stored record first. Records are stored as they are created,
 * so the rows are usually oldest first already: then the order is the rows reversed, one pass instead of a sort
 * of the whole collection for every page (which made a page's cost grow with the collection and kept concurrent
 * requests waiting on each other).
 */
export function newestFirst<T>(rows: readonly T[], timestamp: (row: T) => string): T[] {
	let ascending = true;
	for (let i = 1; i < rows.length && ascending; i++) ascending = timestamp(rows[i - 1]) <= timestamp(rows[i]);
	if (ascending) return [...rows].reverse();
	return rows
		.map((row, i) => ({ row, i, ts: timestamp(row) }))
		.sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : b.i - a.i))
		.map(({ row }) => row);
}
