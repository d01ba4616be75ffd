/**
 * Which id_message values a trigger has taken lately, so a retried delivery starts nothing.
 *
 * n8n gives every webhook call its own copy of the workflow's static data and saves it when the call ends,
 * so two calls in flight at once cannot see each other's ids there (and the later save drops the other's
 * id). A retry that arrives while the first delivery is still being answered (the marketplace gives up
 * after 15 s) would then run twice. The ids are therefore also kept in this process, shared by concurrent
 * calls; static data carries them across restarts.
 */
const MAX_TRIGGERS = 1000;
const inProcess = new Map<string, Set<string>>();

/**
 * Records `idMessage` for the trigger identified by `key` and returns whether it was seen before, plus the
 * bounded list to store in static data (the newest `window` ids).
 */
export function takeMessage(
	key: string,
	idMessage: string,
	stored: readonly string[],
	window: number,
): { repeat: boolean; recent: string[] } {
	let seen = inProcess.get(key);
	if (!seen) {
		seen = new Set(stored.slice(-window));
		inProcess.set(key, seen);
		if (inProcess.size > MAX_TRIGGERS) inProcess.delete(inProcess.keys().next().value as string);
	}
	if (seen.has(idMessage) || stored.includes(idMessage)) return { repeat: true, recent: [...stored] };
	seen.add(idMessage);
	for (const oldest of seen) {
		if (seen.size <= window) break;
		seen.delete(oldest);
	}
	return { repeat: false, recent: [...seen] };
}
