/**
 * "Verify Events By": how a notification is trusted, independent of how an API version signs it or reads
 * a resource (both are passed in).
 * - signature: the signature must match and its timestamp be within the window; a matching signature over
 *   a stale timestamp is a replay and always refused;
 * - read-back: the resource is read and must bear the event out (see readBack.ts);
 * - signature or read-back: the signature when it matches, else read-back.
 *
 * Read-back confirms an event, not only a resource: a creation runs once, whoever names it; a change runs
 * only for a state of the record the trigger has not emitted yet. A change let through by its signature
 * was emitted without reading, so its state is unknown: for as long as its id_message is remembered, a
 * notification of the same change that is not signed is refused unread (the genuine ones are signed).
 */
import type { IDataObject } from 'n8n-workflow';

import type { DeliveryLog, KeyToTake } from './deliveryLog';
import { eventFingerprint, judgeReadBack, type ReadBackRule, type ReadResult } from './readBack';
import { checkTimestamp, rememberSeconds, TIME_ZONE_SLACK_SECONDS } from '../shared/time';

export const VERIFY_EVENTS_BY = ['signatureOrReadBack', 'signature', 'readBack'] as const;
export type VerifyEventsBy = (typeof VERIFY_EVENTS_BY)[number];

export type SignatureCheck = { matches: true } | { matches: false; problem: string; noSecret?: boolean };

export type Authentication =
	/** The signature matches and its timestamp is within the window. */
	| { kind: 'signed' }
	/** The signature matches a timestamp outside the window: genuine bytes sent again, refused. */
	| { kind: 'replay'; problem: string }
	/** No signature that proves anything. */
	| { kind: 'unsigned'; problem: string; noSecret?: boolean };

export async function authenticate(
	checkSignature: () => Promise<SignatureCheck>,
	timestamp: string | undefined,
	timestampHeader: string,
	maxAgeSeconds: number,
	now: number,
): Promise<Authentication> {
	const signature = await checkSignature();
	if (!signature.matches) return { kind: 'unsigned', problem: signature.problem, noSecret: signature.noSecret };
	const time = checkTimestamp(timestamp, maxAgeSeconds, now, timestampHeader);
	if (time.ok) return { kind: 'signed' };
	// a signature over a timestamp in an unknown format proves nothing
	return time.unreadable ? { kind: 'unsigned', problem: time.problem } : { kind: 'replay', problem: time.problem };
}

/** The key that marks "a signed notification of this change ran", so an unsigned copy of it is not read back. */
export function signedChangeKey(eventName: string, path: string): string {
	return `signed:${eventName}|${path}`;
}

/**
 * How long a creation is remembered at least, whatever Max Timestamp Age says: longer than the span the subscription
 * watch reads back after a gap and the interval between two of its checks (subscribing/watch.ts), so that a creation
 * pushed before the gap and read back after it runs once.
 */
export const CREATION_MEMORY_SECONDS = 13 * 3600;

/**
 * What a signed event leaves in the log besides its id_message, so that a read-back of the same event does not run
 * it again. A creation runs once, whoever names it: with `onceOnly` (Ignore Repeated Deliveries), a creation already
 * taken under another id_message (a push and the same creation recovered by the watch) is a repeat.
 */
export function signedEventKeys(
	eventName: string,
	path: string,
	rule: ReadBackRule,
	maxAgeSeconds: number,
	now: number,
	onceOnly = false,
): KeyToTake[] {
	if (rule.once) {
		return [
			{
				key: eventFingerprint(eventName, path),
				expiresAt: now + Math.max(maxAgeSeconds, CREATION_MEMORY_SECONDS) + 2 * TIME_ZONE_SLACK_SECONDS,
				rememberOnly: !onceOnly,
			},
		];
	}
	return [
		{ key: signedChangeKey(eventName, path), expiresAt: now + rememberSeconds(maxAgeSeconds), rememberOnly: true },
	];
}

export interface EventToConfirm {
	eventName: string;
	/** The collection the resource is in, and the path the node reads it at. */
	collection: string;
	path: string;
	idField: string;
	id: string | number;
	rule: ReadBackRule;
	maxAgeSeconds: number;
	now: number;
	log: DeliveryLog;
	read: () => Promise<ReadResult>;
}

export type ReadBackOutcome =
	/** Run it, remembering `keys` (its state) with its id_message. */
	| { kind: 'confirmed'; record: IDataObject; keys: KeyToTake[] }
	/** Answer 200 and run nothing: it already ran, or can never be confirmed. */
	| { kind: 'acknowledged'; reason: string }
	/** Answer with the refusal: not confirmed (a genuine one is retried by the marketplace). */
	| { kind: 'refused'; reason: string };

/** Confirms an event that is not signed by reading its resource, within the trigger's read-back budget. */
export async function confirmByReading(event: EventToConfirm): Promise<ReadBackOutcome> {
	const { eventName, path, rule, log, now } = event;
	if (rule.unconfirmable)
		return { kind: 'refused', reason: `${eventName} events cannot be confirmed by reading (${rule.unconfirmable})` };
	if (rule.collection !== event.collection)
		return { kind: 'refused', reason: `${eventName} is not about /${event.collection}/` };
	// what would be read is known not to run again: nothing to read
	if (rule.once && log.seen([eventFingerprint(eventName, path)]))
		return { kind: 'acknowledged', reason: `${eventName} for ${path} already ran` };
	if (!rule.once && log.seen([signedChangeKey(eventName, path)])) {
		return {
			kind: 'refused',
			reason: `a signed ${eventName} for ${path} ran; one that is not signed is not read back`,
		};
	}
	if (!log.spendReadBack()) return { kind: 'refused', reason: 'the read-back budget of this trigger is spent for now' };

	const verdict = judgeReadBack({
		eventName,
		resource: path,
		idField: event.idField,
		id: event.id,
		rule,
		read: await event.read(),
		maxAgeSeconds: event.maxAgeSeconds,
		now,
	});
	switch (verdict.kind) {
		case 'confirmed':
			return {
				kind: 'confirmed',
				record: verdict.record,
				keys: [{ key: verdict.fingerprint, expiresAt: verdict.rememberUntil }],
			};
		case 'ignored':
			return { kind: 'acknowledged', reason: verdict.problem };
		default:
			return { kind: 'refused', reason: `the event could not be confirmed by reading it: ${verdict.problem}` };
	}
}
