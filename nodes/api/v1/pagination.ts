/** `HM-Collection-Range: <start>-<end>/<total>`, 1-based and inclusive; an empty page is `0-0/<total>`. */
export interface CollectionRange {
	start: number;
	end: number;
	total: number;
}

export function parseCollectionRange(header: unknown): CollectionRange | undefined {
	if (header === undefined || header === null) return undefined;
	const match = /^\s*(\d+)-(\d+)\/(\d+)\s*$/.exec(String(Array.isArray(header) ? header[0] : header));
	if (!match) return undefined;
	const [start, end, total] = match.slice(1).map(Number);
	return [start, end, total].every(Number.isSafeInteger) ? { start, end, total } : undefined;
}

/** Default largest page per request, as the public SDK uses it; categories allow 1000. */
export const DEFAULT_PAGE_SIZE = 30;
