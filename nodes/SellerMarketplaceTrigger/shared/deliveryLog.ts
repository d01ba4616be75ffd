/**
 * What a trigger has already let through, each key remembered for a time (not a count), so that a retry
 * or a replay within that time starts nothing.
 *
 * Two copies: one in this process, shared by calls in flight at the same time (n8n gives every webhook call
 * its own copy of the static data and saves it when the call ends, so two concurrent calls could not see
 * each other's keys there), and the workflow's static data, which carries them across restarts and
 * processes. A call merges the stored copy into the process's unless it is what this process last wrote.
 *
 * Write-behind: within a process the in-memory copy is authoritative (every check and take goes through
 * it), so the static data need not be written on every delivery, and n8n then saves nothing for that call.
 * A take writes the unexpired entries back when this process has not written for WRITE_BEHIND_SECONDS, or
 * MAX_UNWRITTEN keys are waiting; a lone event is therefore written at once, and a burst about once a second.
 * Keys taken since the last write are lost if the process dies, or go unseen by another process (queue
 * mode), until a later call of this trigger writes them: a retry of such a delivery, which the marketplace
 * only sends when our 200 did not reach it, or a replay of it could then run again.
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

export type TakeResult =
	/** `remembered`: the stored form to write to the static data now, or undefined when the write is deferred. */
	| { outcome: 'taken'; remembered: string | undefined }
	| { outcome: 'repeat'; key: string }
	| { outcome: 'full'; cap: number };

export const MAX_REMEMBERED = 20_000;
/** Triggers whose keys this process keeps; one evicted reloads its keys from its static data. */
const MAX_TRIGGERS_IN_PROCESS = 100;
/** A burst writes its keys to the static data at most about once per this many seconds… */
export const WRITE_BEHIND_SECONDS = 1;
/** …or once this many keys wait to be written. */
export const MAX_UNWRITTEN = 100;

const HASH_LENGTH = 12;
const EXPIRY_LENGTH = 7;
const ENTRY_LENGTH = HASH_LENGTH + EXPIRY_LENGTH;
const ENTRY = /^[A-Za-z0-9_-]{12}[0-9a-z]{7}$/;

interface ProcessCopy {
	entries: Map<string, number>;
	/** The stored form this process wrote last: when the static data still holds it, there is nothing to merge. */
	written?: string;
	/** When (Unix seconds) it was written. */
	writtenAt?: number;
	/** Keys taken since then. */
	unwritten: number;
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
		const copy = inProcess.get(trigger) ?? { entries: new Map<string, number>(), unwritten: 0 };
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
	 * to check is remembered; 'full' when remembering them would exceed the cap; otherwise remembers all of
	 * them and returns the stored form of every unexpired entry for the static data, when a write is due.
	 */
	take(keys: readonly KeyToTake[]): TakeResult {
		const repeat = this.seen(keys.filter(({ rememberOnly }) => !rememberOnly).map(({ key }) => key));
		if (repeat !== undefined) return { outcome: 'repeat', key: repeat };
		const { entries } = this.copy;
		for (const [hash, expiresAt] of entries) if (expiresAt <= this.now) entries.delete(hash);
		if (entries.size + keys.length > this.cap) return { outcome: 'full', cap: this.cap };
		for (const { key, expiresAt } of keys) entries.set(hashKey(key), expiresAt);
		this.copy.unwritten += keys.length;
		return { outcome: 'taken', remembered: this.dueWrite() };
	}

	/** The stored form to write now when keys wait and a write is due (see the write-behind above), else undefined. */
	dueWrite(): string | undefined {
		const copy = this.copy;
		if (copy.unwritten === 0) return undefined;
		const due = copy.writtenAt === undefined || this.now >= copy.writtenAt + WRITE_BEHIND_SECONDS || copy.unwritten >= MAX_UNWRITTEN;
		if (!due) return undefined;
		for (const [hash, expiresAt] of copy.entries) if (expiresAt <= this.now) copy.entries.delete(hash);
		copy.written = encode(copy.entries);
		copy.writtenAt = this.now;
		copy.unwritten = 0;
		return copy.written;
	}
}

/** Forgets every trigger's in-process copy, as a restarted process would have (for tests of restarts). */
export function forgetInProcessLogs(): void {
	inProcess.clear();
}
