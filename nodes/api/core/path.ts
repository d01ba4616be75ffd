/** The rules of request paths: every ID is exactly one encoded path segment, and a created record's ID is read from its address. */
import { encodeComponent, isStablePathSegment } from './signing';

/** Builds a request path with every interpolated value encoded as exactly one path segment: apiPath`/orders/${id}/`. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, part, index) => {
		if (index >= values.length) return path + part;
		const value = String(values[index]);
		// Validators refuse these first, naming the field; this keeps any path that slipped through from moving.
		if (!isStablePathSegment(value)) throw new Error(`An ID of ${JSON.stringify(value)} would change the request path`);
		return path + part + encodeComponent(value);
	}, '');
}

/** Parses `/units/123/` (or an absolute URL ending so) into its id. */
export function idFromLocation(location: string | undefined): string | undefined {
	if (!location) return undefined;
	const segments = location.split('?')[0].split('/').filter(Boolean);
	return segments.length ? decodeURIComponent(segments[segments.length - 1]) : undefined;
}
