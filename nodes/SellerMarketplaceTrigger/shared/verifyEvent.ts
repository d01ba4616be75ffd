/**
 * "Verify Events By": how a notification is trusted, independent of how an API version signs it or reads
 * a resource (both are passed in).
 * - signature: the signature must match and its timestamp be within the window; a matching signature over
 *   a stale timestamp is a replay and always refused;
 * - read-back: the resource is read and must bear the event out (see readBack.ts);
 * - signature or read-back (the default): the signature when it matches, else read-back. A guessed
 *   signature scheme that turns out wrong then costs a read per event instead of every event.
 */
import type { IDataObject } from 'n8n-workflow';

import type { KeyToTake } from './deliveryLog';
import { eventFingerprint, judgeReadBack, type ReadBackRule, type ReadResult } from './readBack';
import { checkTimestamp, TIME_ZONE_SLACK_SECONDS } from './time';

export const VERIFY_EVENTS_BY = ['signatureOrReadBack', 'signature', 'readBack'] as const;
export type VerifyEventsBy = (typeof VERIFY_EVENTS_BY)[number];

export type SignatureCheck = { matches: true } | { matches: false; problem: string; noSecret?: boolean };

export interface EventToVerify {
	mode: VerifyEventsBy;
	eventName: string;
	/** The collection the resource is in, and the path the node reads it at. */
	collection: string;
	path: string;
	idField: string;
	id: string | number;
	rule: ReadBackRule;
	/** The timestamp header the signature covers, as received. */
	timestamp: string | undefined;
	/** Its name, for messages (default `HM-Timestamp`, API v1). */
	timestampHeader?: string;
	maxAgeSeconds: number;
	now: number;
	checkSignature: () => Promise<SignatureCheck>;
	read: () => Promise<ReadResult>;
}

export type Verification =
	| {
			verified: true;
			by: 'signature' | 'read-back';
			/** What was read, when the event was confirmed by reading it. */
			record?: IDataObject;
			/** What to remember of the event besides its id_message. */
			fingerprint?: KeyToTake;
	  }
	| { verified: false; status: number; message: string };

export async function verifyEvent(event: EventToVerify): Promise<Verification> {
	const { mode, eventName, path, rule, now } = event;
	/** Why the signature did not count, when it was checked. */
	let unsigned: string | undefined;

	if (mode !== 'readBack') {
		const signature = await event.checkSignature();
		if (signature.matches) {
			const time = checkTimestamp(event.timestamp, event.maxAgeSeconds, now, event.timestampHeader);
			if (time.ok) {
				// A signed event is a repeat only by its id_message. A creation is still remembered, so a
				// read-back of it (e.g. forged by someone who knows the order id) does not run it again.
				const fingerprint: KeyToTake | undefined = rule.once
					? {
							key: eventFingerprint(eventName, path),
							expiresAt: now + event.maxAgeSeconds + 2 * TIME_ZONE_SLACK_SECONDS,
							rememberOnly: true,
						}
					: undefined;
				return { verified: true, by: 'signature', fingerprint };
			}
			// a genuine signature over an old timestamp is a replay; one over a timestamp in an unknown format proves nothing
			if (!time.unreadable) return { verified: false, status: 401, message: time.problem };
			unsigned = time.problem;
		} else {
			unsigned = signature.problem;
			if (signature.noSecret && mode === 'signature') {
				return { verified: false, status: 500, message: `the trigger cannot verify notifications: ${signature.problem}` };
			}
		}
		if (mode === 'signature') return { verified: false, status: 401, message: unsigned };
	}

	const notConfirmed = (problem: string) =>
		`${unsigned ? `${unsigned}, and ` : ''}the event could not be confirmed by reading it: ${problem}`;
	if (rule.unconfirmable) {
		return { verified: false, status: 401, message: notConfirmed(`${eventName} events cannot be confirmed by reading (${rule.unconfirmable})`) };
	}
	if (rule.collection !== event.collection) {
		return { verified: false, status: 401, message: notConfirmed(`${eventName} is not about /${event.collection}/`) };
	}
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
				verified: true,
				by: 'read-back',
				record: verdict.record,
				fingerprint: { key: verdict.fingerprint, expiresAt: verdict.rememberUntil },
			};
		case 'ignored':
			return { verified: false, status: 200, message: verdict.problem };
		case 'retry':
			return { verified: false, status: 503, message: notConfirmed(verdict.problem) };
		default:
			return { verified: false, status: 401, message: notConfirmed(verdict.problem) };
	}
}
