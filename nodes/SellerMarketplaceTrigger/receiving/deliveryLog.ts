/**
 * What a trigger has already let through, each key remembered for a time (not a count), so that a retry
 * or a replay within that time starts nothing.
 *
 * Two copies: one in this process, shared by calls in flight at the same time (n8n gives every webhook call
 * its own copy of the static data and saves it when the call ends, so two concurrent calls could not see
 * each other's keys there), and the workflow's static data, which carries them across restarts and
 * processes. A call merges the stored copy into the process's unless it is what this process last wrote.
 *
 * Write-through: a call that takes keys writes the whole log (every unexpired entry of this process's copy)
 * into its static data as the last thing before it answers, so n8n saves it as soon as the call returns,
 * before it creates the execution (n8n 2.41 saves a webhook call's static data right after the node
 * returns, then starts the run). Writing the whole copy at the end of the call keeps the saves monotone:
 * a call that returns later writes everything an earlier one wrote, whatever order their reads took.
 * Several processes (queue mode) each write their own copy; the last save wins until one of them merges
 * the other's on its next call.
 *
 * Stored form: one string of fixed-width entries, each a 12-character hash of the key and its expiry in 7
 * base-36 digits (19 bytes). One string is cheap for n8n to copy and save, and its size does not depend on
 * what senders put into their ids.
 *
 * Memory is bounded twice: entries expire, and at most MAX_REMEMBERED unexpired ones are kept. At the cap
 * nothing is forgotten early; `take` answers 'full' and the caller refuses the delivery for now.
 */
import { createHash } from 'node:crypto';

export interface KeyToTake {
	key: string;
	/** Unix seconds after which the key may be forgotten. */
	expiresAt: number;
	/** Only remember it, for later calls to check: a delivery that has it is not a repeat for that. */
	rememberOnly?: boolean;
}

export type TakeResult = { outcome: 'taken' } | { outcome: 'repeat'; key: string } | { outcome: 'full'; cap: number };

export const MAX_REMEMBERED = 20_000;
/** Triggers whose keys this process keeps; one evicted reloads its keys from its static data. */
const MAX_TRIGGERS_IN_PROCESS = 100;

/**
 * Reading a resource is the only check of a notification that is not signed (API v1, or Verify Events By
 * "Signature or Read-Back"), and a stranger can ask for it. Each trigger may make READ_BACK_BURST reads at
 * once and READ_BACK_PER_MINUTE a minute after that, per process; past it, such notifications are refused
 * unread (a genuine one is retried by the marketplace a minute later, then after 15 and 30 minutes).
 */
export const READ_BACK_BURST = 30;
export const READ_BACK_PER_MINUTE = 30;

const HASH_LENGTH = 12;
const EXPIRY_LENGTH = 7;
const ENTRY_LENGTH = HASH_LENGTH + EXPIRY_LENGTH;
const ENTRY = /^[A-Za-z0-9_-]{12}[0-9a-z]{7}$/;

interface ProcessCopy {
	entries: Map<string, number>;
	/** The stored form this process wrote last: when the static data still holds it, there is nothing to merge. */
	written?: string;
	/** Read-backs this trigger may still make now (see spendReadBack), and when (Unix seconds) that was counted. */
	readBacks: number;
	readBacksAt: number;
}

const inProcess = new Map<string, ProcessCopy>();

/** 72 bits of SHA-256: collisions among 20,000 keys have a chance of about 1 in 10^13. */
function hashKey(key: string): string {
	return createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, HASH_LENGTH);
}

function encode(entries: Iterable<[string, number]>): string {
	const parts: string[] = [];
	for (const [hash, expiresAt] of entries) parts.push(hash + expiresAt.toString(36).padStart(EXPIRY_LENGTH, '0'));
	return parts.join('');
}

/** The entries of a stored form; anything malformed is skipped. */
function decode(stored: unknown): Array<[string, number]> {
	if (typeof stored !== 'string') return [];
	const entries: Array<[string, number]> = [];
	for (let at = 0; at + ENTRY_LENGTH <= stored.length; at += ENTRY_LENGTH) {
		const entry = stored.slice(at, at + ENTRY_LENGTH);
		if (ENTRY.test(entry)) entries.push([entry.slice(0, HASH_LENGTH), parseInt(entry.slice(HASH_LENGTH), 36)]);
	}
	return entries;
}

/** The stored form of `keys`, all expiring at `expiresAt` (for keys remembered by earlier versions, and tests). */
export function storedFromKeys(keys: readonly string[], expiresAt: number): string {
	return encode(keys.map((key) => [hashKey(key), expiresAt]));
}

/** How many entries a stored form holds, expired ones included. */
export function storedCount(stored: unknown): number {
	return decode(stored).length;
}

/**
 * The delivery log of one trigger (`trigger` identifies it: workflow, node, mode and URL) as seen by one
 * call, given the stored form in this call's static data.
 */
export class DeliveryLog {
	private readonly copy: ProcessCopy;

	constructor(
		trigger: string,
		stored: unknown,
		private readonly now: number,
		private readonly cap = MAX_REMEMBERED,
	) {
		const copy = inProcess.get(trigger) ?? {
			entries: new Map<string, number>(),
			readBacks: READ_BACK_BURST,
			readBacksAt: now,
		};
		inProcess.delete(trigger); // re-inserted last: most recently used
		inProcess.set(trigger, copy);
		for (const evicted of inProcess.keys()) {
			if (inProcess.size <= MAX_TRIGGERS_IN_PROCESS) break;
			inProcess.delete(evicted);
		}
		if (stored !== copy.written) {
			for (const [hash, expiresAt] of decode(stored)) {
				if (expiresAt > now && !((copy.entries.get(hash) ?? 0) >= expiresAt)) copy.entries.set(hash, expiresAt);
			}
		}
		this.copy = copy;
	}

	/** The first of `keys` remembered and not yet expired, if any. Reads only. */
	seen(keys: readonly string[]): string | undefined {
		return keys.find((key) => (this.copy.entries.get(hashKey(key)) ?? 0) > this.now);
	}

	/**
	 * Atomically (no await in between, so concurrent calls cannot both pass): a repeat when one of the keys
	 * to check is remembered; 'full' when remembering them would exceed the cap; otherwise remembers all of them.
	 */
	take(keys: readonly KeyToTake[]): TakeResult {
		const repeat = this.seen(keys.filter(({ rememberOnly }) => !rememberOnly).map(({ key }) => key));
		if (repeat !== undefined) return { outcome: 'repeat', key: repeat };
		const { entries } = this.copy;
		this.prune();
		if (entries.size + keys.length > this.cap) return { outcome: 'full', cap: this.cap };
		for (const { key, expiresAt } of keys)
			entries.set(hashKey(key), Math.max(expiresAt, entries.get(hashKey(key)) ?? 0));
		return { outcome: 'taken' };
	}

	/** Whether this trigger may read one more resource to confirm a notification now; counts it when it may. */
	spendReadBack(): boolean {
		const copy = this.copy;
		const elapsed = Math.max(0, this.now - copy.readBacksAt);
		copy.readBacks = Math.min(READ_BACK_BURST, copy.readBacks + (elapsed * READ_BACK_PER_MINUTE) / 60);
		copy.readBacksAt = Math.max(copy.readBacksAt, this.now);
		if (copy.readBacks < 1) return false;
		copy.readBacks -= 1;
		return true;
	}

	/** Forgets keys taken by a call that then could not hand its event to n8n, so a redelivery is not a repeat. */
	release(keys: readonly KeyToTake[]): void {
		for (const { key, rememberOnly } of keys) if (!rememberOnly) this.copy.entries.delete(hashKey(key));
	}

	/** The stored form of every unexpired entry, for the static data; remembered as what this process wrote last. */
	storedForm(): string {
		this.prune();
		this.copy.written = encode(this.copy.entries);
		return this.copy.written;
	}

	private prune(): void {
		for (const [hash, expiresAt] of this.copy.entries) if (expiresAt <= this.now) this.copy.entries.delete(hash);
	}
}

/** Forgets every trigger's in-process copy, as a restarted process would have (for tests of restarts). */
export function forgetInProcessLogs(): void {
	inProcess.clear();
}
