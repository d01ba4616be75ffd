/**
 * Confirming an event by reading its resource through the signed API ("read-back"), for when the
 * notification's signature cannot be checked. A forged event can then at most make the node read the
 * seller's own data, and it runs only if that data bears the event out:
 * - the resource has the kind the event is about (checked before reading) and exists;
 * - the record read is the one named (its id field, when present, equals the id in the path);
 * - for events about a creation or change whose time the record carries, that time is recent;
 * - any event-specific condition holds (e.g. out of stock: amount 0);
 * - the same creation, or the same resource in the same state, has not run already (its fingerprint is
 *   remembered like an id_message).
 * What the read itself is (path, signing, timeouts) belongs to each API version.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { parseApiTime, TIME_ZONE_SLACK_SECONDS } from '../shared/time';

export interface ReadBackRule {
	/** The collection (first path segment) the event's resource must be in. */
	collection: string;
	/** The event is about a creation, which happens once: at most one run per resource. */
	once?: boolean;
	/** Field with the time of the creation or change the event reports: it must be recent. */
	timeField?: string;
	/** An event-specific condition on the record read: the problem, or undefined when it holds. */
	check?: (record: IDataObject) => string | undefined;
	/** Set when reading cannot confirm the event (e.g. a deletion): why. */
	unconfirmable?: string;
}

/** The outcome of reading the resource. */
export type ReadResult =
	| { kind: 'found'; body: unknown }
	| { kind: 'missing'; message: string }
	| { kind: 'hidden'; message: string }
	| { kind: 'unavailable'; message: string };

export type ReadBackVerdict =
	| { kind: 'confirmed'; record: IDataObject; fingerprint: string; rememberUntil: number }
	/** Not confirmed: refuse (the marketplace would retry a genuine one). */
	| { kind: 'refused'; problem: string }
	/** Cannot be confirmed and never will: acknowledge, run nothing. */
	| { kind: 'ignored'; problem: string }
	/** The read failed for now: ask the marketplace to retry. */
	| { kind: 'retry'; problem: string };

/** Classifies a failed read by the HTTP status carried by the error (n8n's NodeApiError has `httpCode`). */
export function readFailure(error: unknown): ReadResult {
	const message = error instanceof Error ? error.message : String(error);
	const status = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	if (status === 404 || status === 410) return { kind: 'missing', message };
	if (status === 403) return { kind: 'hidden', message };
	return { kind: 'unavailable', message };
}

/** JSON with object keys sorted, so equal records give equal text. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** The key of "this event about this resource" (creations) or "…in this state" (changes). */
export function eventFingerprint(eventName: string, resource: string, record?: IDataObject): string {
	const base = `event:${eventName}|${resource}`;
	if (!record) return base;
	return `${base}|${createHash('sha256').update(canonicalJson(record)).digest('base64url')}`;
}

export interface ReadBackInput {
	eventName: string;
	/** The resource path as the node reads it. */
	resource: string;
	idField: string;
	id: string | number;
	rule: ReadBackRule;
	read: ReadResult;
	/** How old a creation or change may be, before the time-zone slack; also how long to remember it. */
	maxAgeSeconds: number;
	now: number;
}

/** Whether the read bears the event out. */
export function judgeReadBack(input: ReadBackInput): ReadBackVerdict {
	const { eventName, resource, idField, id, rule, read, maxAgeSeconds, now } = input;
	if (read.kind === 'unavailable')
		return { kind: 'retry', problem: `${resource} could not be read now: ${read.message}` };
	if (read.kind === 'missing') return { kind: 'refused', problem: `${resource} does not exist` };
	if (read.kind === 'hidden') {
		return {
			kind: 'ignored',
			problem: `the API refused to show ${resource} (403), so the event cannot be confirmed: ${read.message}`,
		};
	}
	const record = read.body;
	if (!record || typeof record !== 'object' || Array.isArray(record)) {
		return { kind: 'refused', problem: `reading ${resource} returned no record` };
	}
	const fields = record as IDataObject;
	if (fields[idField] !== undefined && String(fields[idField]) !== String(id)) {
		return { kind: 'refused', problem: `reading ${resource} returned ${idField} ${String(fields[idField])}` };
	}
	let rememberUntil = now + maxAgeSeconds;
	if (rule.timeField) {
		const time = parseApiTime(fields[rule.timeField]);
		const shown = JSON.stringify(fields[rule.timeField] ?? null);
		if (time === undefined)
			return { kind: 'refused', problem: `${resource} has no readable ${rule.timeField} (${shown})` };
		if (now - time > maxAgeSeconds + TIME_ZONE_SLACK_SECONDS || time - now > TIME_ZONE_SLACK_SECONDS) {
			return { kind: 'refused', problem: `${rule.timeField} ${shown} of ${resource} is not recent` };
		}
		// remembered for as long as this time counts as recent
		rememberUntil = time + maxAgeSeconds + TIME_ZONE_SLACK_SECONDS;
	}
	const problem = rule.check?.(fields);
	if (problem) return { kind: 'refused', problem: `${resource}: ${problem}` };
	return {
		kind: 'confirmed',
		record: fields,
		fingerprint: eventFingerprint(eventName, resource, rule.once ? undefined : fields),
		rememberUntil,
	};
}
