/**
 * What a trigger has already let through, each key remembered for a time (not a count), so that a retry
 * or a replay within that time starts nothing.
 *
 * Two copies: one in this process, shared by calls in flight at the same time (n8n gives every webhook call
 * its own copy of the static data and saves it when the call ends, so two concurrent calls could not see
 * each other's keys there), and the workflow's static data, which carries them across restarts and
 * processes. Every call merges the stored copy into the process's, and a call that takes a key writes the
 * merged, unexpired entries back. Keys are stored as short hashes, so the stored size does not depend on
 * what senders put into their ids: about 26 bytes an entry.
 *
 * Memory is bounded twice: entries expire, and at most MAX_REMEMBERED unexpired ones are kept. At the cap
 * nothing is forgotten early; `take` answers 'full' and the caller refuses the delivery for now.
 */
import { createHash } from 'node:crypto';

/** Hashed key → expiry in Unix seconds. What goes into the static data. */
export type RememberedKeys = Record<string, number>;

export interface KeyToTake {
	key: string;
	/** Unix seconds after which the key may be forgotten. */
	expiresAt: number;
	/** Only remember it, for later calls to check: a delivery that has it is not a repeat for that. */
	rememberOnly?: boolean;
}

export type TakeResult =
	| { outcome: 'taken'; remembered: RememberedKeys }
	| { outcome: 'repeat'; key: string }
	| { outcome: 'full'; cap: number };

export const MAX_REMEMBERED = 20_000;
/** Triggers whose keys this process keeps; one evicted reloads its keys from its static data. */
const MAX_TRIGGERS_IN_PROCESS = 100;

const inProcess = new Map<string, Map<string, number>>();

/** 72 bits of SHA-256: collisions among 20,000 keys have a chance of about 1 in 10^13. */
export function hashKey(key: string): string {
	return createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 12);
}

/** Entries in the static data format for keys remembered by earlier versions (plain id lists). */
export function rememberedFromKeys(keys: readonly string[], expiresAt: number): RememberedKeys {
	return Object.fromEntries(keys.map((key) => [hashKey(key), expiresAt]));
}

function isRememberedKeys(value: unknown): value is RememberedKeys {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The delivery log of one trigger (`trigger` identifies it: workflow, node and URL) as seen by one call,
 * given the copy in this call's static data.
 */
export class DeliveryLog {
	private readonly entries: Map<string, number>;

	constructor(
		trigger: string,
		stored: unknown,
		private readonly now: number,
		private readonly cap = MAX_REMEMBERED,
	) {
		let entries = inProcess.get(trigger);
		if (entries) inProcess.delete(trigger); // re-inserted below: most recently used last
		entries ??= new Map();
		inProcess.set(trigger, entries);
		for (const evicted of inProcess.keys()) {
			if (inProcess.size <= MAX_TRIGGERS_IN_PROCESS) break;
			inProcess.delete(evicted);
		}
		if (isRememberedKeys(stored)) {
			for (const [hash, expiresAt] of Object.entries(stored)) {
				if (typeof expiresAt === 'number' && expiresAt > now && !((entries.get(hash) ?? 0) >= expiresAt)) {
					entries.set(hash, expiresAt);
				}
			}
		}
		this.entries = entries;
	}

	/** The first of `keys` remembered and not yet expired, if any. Reads only. */
	seen(keys: readonly string[]): string | undefined {
		return keys.find((key) => (this.entries.get(hashKey(key)) ?? 0) > this.now);
	}

	/**
	 * Atomically (no await in between, so concurrent calls cannot both pass): a repeat when one of the keys
	 * to check is remembered; 'full' when remembering them would exceed the cap; otherwise remembers all of
	 * them and returns every unexpired entry for the static data.
	 */
	take(keys: readonly KeyToTake[]): TakeResult {
		const repeat = this.seen(keys.filter(({ rememberOnly }) => !rememberOnly).map(({ key }) => key));
		if (repeat !== undefined) return { outcome: 'repeat', key: repeat };
		for (const [hash, expiresAt] of this.entries) if (expiresAt <= this.now) this.entries.delete(hash);
		if (this.entries.size + keys.length > this.cap) return { outcome: 'full', cap: this.cap };
		for (const { key, expiresAt } of keys) this.entries.set(hashKey(key), expiresAt);
		return { outcome: 'taken', remembered: Object.fromEntries(this.entries) };
	}
}
