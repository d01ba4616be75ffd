/**
 * The signing secret of a trigger, kept in process memory so that a notification does not make n8n read
 * and decrypt the credential (a database read and a decryption, about 20 ms of n8n's time per event).
 *
 * n8n exposes no cheap fingerprint of a credential's content, only its id (on the node), so the cache is
 * keyed by workflow, node, credential type and credential id, and kept fresh by the checks themselves:
 * - a signature that does not match the cached secret makes the trigger read the credential again and check
 *   again, so a rotated secret counts from its first notification. Forged notifications cannot make n8n
 *   read more than once per REREAD_INTERVAL_MS per trigger: after such a re-read, mismatches are refused
 *   without one for that long (concurrent calls share one read);
 * - a cached secret is used for at most MAX_AGE_MS after it was read, so a secret replaced in n8n stops
 *   being accepted within that time even if forged notifications signed with it keep matching;
 * - choosing another credential on the node changes its id, hence the key.
 */
export const MAX_AGE_MS = 60_000;
export const REREAD_INTERVAL_MS = 1_000;
const MAX_TRIGGERS_IN_PROCESS = 100;

interface Entry {
	secret: string;
	readAt: number;
	/** Set when the read was made because a signature did not match. */
	reread: boolean;
	reading?: Promise<string>;
}

const cache = new Map<string, Entry>();

export interface SecretCheck {
	/** The secret the check ended with ('' when the credential has none). */
	secret: string;
	matches: boolean;
}

async function readInto(key: string, read: () => Promise<string>, previous?: Entry): Promise<Entry> {
	const reading = previous?.reading ?? read();
	if (previous) previous.reading = reading;
	try {
		const secret = await reading;
		const entry: Entry = { secret, readAt: Date.now(), reread: previous !== undefined };
		cache.delete(key); // re-inserted last: most recently used
		cache.set(key, entry);
		for (const evicted of cache.keys()) {
			if (cache.size <= MAX_TRIGGERS_IN_PROCESS) break;
			cache.delete(evicted);
		}
		return entry;
	} finally {
		if (previous) previous.reading = undefined;
	}
}

/**
 * Checks `matches` with the cached secret of `key`, reading it with `read` when none is cached, the cached
 * one is too old, or it does not match (unless a mismatch caused a read in the last REREAD_INTERVAL_MS).
 */
export async function checkWithCachedSecret(
	key: string,
	read: () => Promise<string>,
	matches: (secret: string) => boolean,
): Promise<SecretCheck> {
	const now = Date.now();
	const cached = cache.get(key);
	if (!cached || now - cached.readAt >= MAX_AGE_MS) {
		const { secret } = await readInto(key, read);
		return { secret, matches: secret !== '' && matches(secret) };
	}
	if (cached.secret !== '' && matches(cached.secret)) return { secret: cached.secret, matches: true };
	if (cached.reread && now - cached.readAt < REREAD_INTERVAL_MS && !cached.reading)
		return { secret: cached.secret, matches: false };
	const { secret } = await readInto(key, read, cached);
	if (secret === cached.secret) return { secret, matches: false };
	return { secret, matches: secret !== '' && matches(secret) };
}

const values = new Map<string, { value: string; readAt: number; reading?: Promise<string> }>();

/**
 * Another credential value a notification needs (e.g. API v2's default storefront), read from n8n at most
 * once per MAX_AGE_MS per key however many notifications come; concurrent calls share one read.
 */
export async function cachedCredentialValue(key: string, read: () => Promise<string>): Promise<string> {
	const now = Date.now();
	const cached = values.get(key);
	if (cached && now - cached.readAt < MAX_AGE_MS) return cached.value;
	if (cached?.reading) return await cached.reading;
	const entry = { value: cached?.value ?? '', readAt: cached?.readAt ?? 0, reading: read() };
	values.set(key, entry);
	let value: string | undefined;
	try {
		value = await entry.reading;
	} finally {
		values.delete(key); // re-inserted last (most recently used) when the read gave a value
	}
	values.set(key, { value, readAt: Date.now() });
	for (const evicted of values.keys()) {
		if (values.size <= MAX_TRIGGERS_IN_PROCESS) break;
		values.delete(evicted);
	}
	return value;
}

/** Forgets every cached secret and value, as a restarted process would have (for tests of restarts). */
export function forgetCachedSecrets(): void {
	cache.clear();
	values.clear();
}
