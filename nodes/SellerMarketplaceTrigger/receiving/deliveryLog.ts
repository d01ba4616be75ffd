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
 * Stored form: one string, since n8n copies and saves the workflow's whole static data with every delivery (and
 * puts it into each execution it records): its size is paid per event. Entries that expire in the same second
 * share one group, `~<expiry in base 36>.` followed by their hashes, each the first 10 characters (60 bits) of the
 * key's SHA-256 in base64url: about 10 bytes an entry, whatever senders put into their ids. The form of earlier
 * releases (19-character entries, a 12-character hash and 7 base-36 digits of expiry) is still read; its hashes
 * begin with the same 10 characters.
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

const HASH_LENGTH = 10;
const HASH = /^[A-Za-z0-9_-]+$/;
const EXPIRY = /^[0-9a-z]{1,9}$/;
/** Entries as earlier releases stored them: a 12-character hash, then the expiry in 7 base-36 digits. */
const LEGACY_HASH_LENGTH = 12;
const LEGACY_ENTRY_LENGTH = 19;
const LEGACY_ENTRY = /^[A-Za-z0-9_-]{12}[0-9a-z]{7}$/;
const GROUP = '~';

interface ProcessCopy {
	entries: Map<string, number>;
	/** The stored form this process wrote last: when the static data still holds it, there is nothing to merge. */
	written?: string;
	/** Read-backs this trigger may still make now (see spendReadBack), and when (Unix seconds) that was counted. */
	readBacks: number;
	readBacksAt: number;
}

const inProcess = new Map<string, ProcessCopy>();

/** 60 bits of SHA-256: the chance that a new key collides with one of 20,000 remembered is about 1 in 10^14. */
function hashKey(key: string): string {
	return createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, HASH_LENGTH);
}

/** One group per expiry, in the order of the expiries' first entries. */
function encode(entries: Iterable<[string, number]>): string {
	const groups = new Map<number, string[]>();
	for (const [hash, expiresAt] of entries) {
		const group = groups.get(expiresAt);
		if (group) group.push(hash);
		else groups.set(expiresAt, [hash]);
	}
	let stored = '';
	for (const [expiresAt, hashes] of groups) stored += `${GROUP}${expiresAt.toString(36)}.${hashes.join('')}`;
	return stored;
}

/** The entries of a stored form: entries of the earlier form up to the first group, then groups; anything malformed is skipped. */
function decode(stored: unknown): Array<[string, number]> {
	if (typeof stored !== 'string') return [];
	const [legacy, ...groups] = stored.split(GROUP);
	const entries = decodeLegacy(legacy);
	for (const group of groups) {
		const dot = group.indexOf('.');
		const expiry = group.slice(0, dot);
		if (dot < 0 || !EXPIRY.test(expiry)) continue;
		const expiresAt = parseInt(expiry, 36);
		for (let at = dot + 1; at + HASH_LENGTH <= group.length; at += HASH_LENGTH) {
			const hash = group.slice(at, at + HASH_LENGTH);
			if (HASH.test(hash)) entries.push([hash, expiresAt]);
		}
	}
	return entries;
}

function decodeLegacy(stored: string): Array<[string, number]> {
	const entries: Array<[string, number]> = [];
	for (let at = 0; at + LEGACY_ENTRY_LENGTH <= stored.length; at += LEGACY_ENTRY_LENGTH) {
		const entry = stored.slice(at, at + LEGACY_ENTRY_LENGTH);
		if (LEGACY_ENTRY.test(entry))
			entries.push([entry.slice(0, HASH_LENGTH), parseInt(entry.slice(LEGACY_HASH_LENGTH), 36)]);
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
