/**
 * Times for API v2's `*_from_iso` filters: ISO 8601 in UTC, `2026-11-20T07:30:00Z` (spec §C.5). A time
 * written with its zone or offset keeps it; a time without one (what n8n's date picker produces) is read in
 * the workflow's time zone, as n8n's own date fields are.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../../shared/helpers/validation';

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The offset of `timeZone` from UTC, in ms, at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wall - Math.floor(utcMs / 1000) * 1000;
}

/** The instant at which the clocks of `timeZone` show `wallMs` (a wall time written as if it were UTC). */
function wallTimeToUtc(wallMs: number, timeZone: string): number {
	const guess = wallMs - zoneOffsetMs(wallMs, timeZone);
	return wallMs - zoneOffsetMs(guess, timeZone);
}

/**
 * Parses a date or date-time into epoch ms, or undefined if it is not one. Calendar values are checked
 * (no 31 February, no hour 24).
 */
export function parseDateTime(text: string, timeZone: string): number | undefined {
	const match = ISO_LIKE.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
	const fields = [year, month, day, hour, minute, second].map(Number);
	const wall = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], Number(`0.${fraction}`) * 1000);
	const check = new Date(wall);
	if (
		check.getUTCFullYear() !== fields[0] ||
		check.getUTCMonth() !== fields[1] - 1 ||
		check.getUTCDate() !== fields[2] ||
		check.getUTCHours() !== fields[3] ||
		check.getUTCMinutes() !== fields[4] ||
		fields[5] > 59
	) {
		return undefined;
	}
	if (!zone) return wallTimeToUtc(wall, timeZone);
	if (zone.toUpperCase() === 'Z') return wall;
	const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
	const minutes = Number(offset[2]) * 60 + Number(offset[3]);
	if (Number(offset[2]) > 18 || Number(offset[3]) > 59) return undefined;
	return wall - (offset[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** `2026-11-20T07:30:00Z`: whole seconds, UTC. */
export function formatIsoUtc(epochMs: number): string {
	return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A date filter as API v2 takes it, from what a form or an expression gives: text, a JavaScript Date, or a
 * Luxon DateTime (`{{ $now.minus({days: 1}) }}`). Empty means "not set".
 */
export function toIsoTimestamp(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw inputError(context, itemIndex, `"${label}" is not a valid date`);
		return formatIsoUtc(value.getTime());
	}
	const luxon = value as { toISO?: () => string | null };
	const text = typeof luxon === 'object' && typeof luxon.toISO === 'function' ? String(luxon.toISO() ?? '') : String(value);
	let timeZone = context.getTimezone();
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
	} catch {
		timeZone = 'UTC';
	}
	const epochMs = parseDateTime(text, timeZone);
	if (epochMs === undefined) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a date like 2026-11-20 or a date and time like 2026-11-20T08:30:00 (optionally with Z or +01:00), but it is "${text}"`,
		);
	}
	return formatIsoUtc(epochMs);
}
