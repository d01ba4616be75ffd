/**
 * Filters of several values (statuses, ticket topics…), sent so that none is lost whatever way the server reads
 * them. The OpenAPI's form for a `type: array` parameter is repeated keys (`status=a&status=b`); the hand-written
 * production PHP clients send one comma list; a server that reads the query as PHP does keeps only the last of
 * repeated keys. No evidence settles which the live API does (docs/api-rules.md W3), so a request never carries
 * more than one value of such a filter: one value reads the same under every reading.
 *  - Get Many sends one request (paged) per value and merges the lists (oneValueQueries, mergeLists);
 *  - lists the node reads through and filters itself (pickers, poll triggers) leave the filter out and keep the
 *    records of the chosen values (serverFilters).
 * `embedded` is documented as one comma list and is not such a filter.
 */
import type { IDataObject } from 'n8n-workflow';

/** Query parameters that hold a list but are not filters of several values. */
const NOT_FILTERS = new Set(['embedded']);

/** The filters of a query that hold more than one distinct value, with those values in order. */
export function multiValueFilters(query: IDataObject = {}): Array<[name: string, values: string[]]> {
	return Object.entries(query).flatMap(([name, value]) => {
		if (NOT_FILTERS.has(name) || !Array.isArray(value)) return [];
		const values = [...new Set(value.map(String))];
		return values.length > 1 ? [[name, values] as [string, string[]]] : [];
	});
}

/** One query per combination of the values of the filters of several values; the query itself when there are none. */
export function oneValueQueries(query: IDataObject = {}): IDataObject[] {
	let queries: IDataObject[] = [query];
	for (const [name, values] of multiValueFilters(query)) {
		queries = queries.flatMap((known) => values.map((value) => ({ ...known, [name]: [value] })));
	}
	return queries;
}

/**
 * The query without its filters of several values, and the check the records must pass instead: the record's field
 * of that name holds one of the values.
 */
export function serverFilters(query: IDataObject = {}): { query: IDataObject; matches(record: IDataObject): boolean } {
	const left = multiValueFilters(query);
	if (left.length === 0) return { query, matches: () => true };
	const narrowed = { ...query };
	for (const [name] of left) delete narrowed[name];
	return {
		query: narrowed,
		matches: (record) => left.every(([name, values]) => values.includes(String(record[name]))),
	};
}

/** A record's value for a `sort` name: `ts_created` is the field `ts_created` or, in API v2's records, `ts_created_iso`. */
function sortValue(record: IDataObject, field: string): number | string | undefined {
	const value = record[field] ?? record[`${field}_iso`];
	if (typeof value === 'number') return value;
	if (typeof value !== 'string') return undefined;
	const time = Date.parse(value);
	return Number.isNaN(time) ? value : time;
}

/** Records without the value go last, in either direction. */
function compare(a: number | string | undefined, b: number | string | undefined, sign: number): number {
	if (a === b) return 0;
	if (a === undefined) return 1;
	if (b === undefined) return -1;
	if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
	return sign * String(a).localeCompare(String(b));
}

/**
 * The lists read for oneValueQueries as one: each record once (the first read wins, by `idField`), in the order
 * of `sort` (`field:asc|desc`) when one was asked, else list after list in the order of the values; cut to `max`.
 * Each list was read up to `max` itself, so the first `max` of the merge are the first `max` of the whole.
 */
export function mergeLists(
	lists: IDataObject[][],
	{ sort, idField, max }: { sort?: unknown; idField?: string; max?: number },
): IDataObject[] {
	const seen = new Set<string>();
	const merged = lists.flat().filter((record) => {
		const id = idField && record[idField] !== undefined ? String(record[idField]) : JSON.stringify(record);
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
	const [field, direction] = typeof sort === 'string' && sort !== '' ? sort.split(':') : [];
	if (field) {
		const sign = direction === 'desc' ? -1 : 1;
		// Array.prototype.sort is stable: records of equal time keep the order they were read in.
		merged.sort((a, b) => compare(sortValue(a, field), sortValue(b, field), sign));
	}
	return max === undefined ? merged : merged.slice(0, max);
}
