/** The selected events (the `events` parameter as saved), names in `known` only, without repeats. */
export function parseEvents(raw: unknown, known: readonly string[]): string[] {
	const events = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
	return events.filter((event) => known.includes(event));
}
