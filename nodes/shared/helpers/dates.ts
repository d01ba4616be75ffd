/**
 * Date and time inputs, for both API versions: a value is read into an instant (a Date), which each API
 * version then formats its own way (v1 `YYYY-MM-DD HH:MM:SS`, v2 ISO 8601 in UTC).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError } from './inputError';

/** `YYYY-MM-DD`, optionally with `[T ]HH:MM[:SS[.fff]]`, and after a time optionally `Z` or an offset `±HH[:MM]`. */
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const MAX_OFFSET_MINUTES = 14 * 60;

function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(
	instant: Date,
	timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(instant);
	const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
	return {
		year: field('year'),
		month: field('month'),
		day: field('day'),
		hour: field('hour'),
		minute: field('minute'),
		second: field('second'),
	};
}

/** How far a time zone is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
	const whole = Math.floor(instantMs / 1000) * 1000;
	const clock = wallClock(new Date(whole), timeZone);
	return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - whole;
}

/** The instant at which the wall clock of `timeZone` shows `localMs` (read as UTC fields); a time skipped by a clock change moves forward. */
function instantOfWallClock(localMs: number, timeZone: string): number {
	const first = localMs - zoneOffsetMs(localMs, timeZone);
	return localMs - zoneOffsetMs(first, timeZone);
}

/**
 * Reads a date or date-time into an instant, or undefined when it is not a real one (month 13, 30 February,
 * 25:00, trailing text). With `Z` or an offset the value names its instant; without, it is a time on the
 * wall clock of `timeZone` (a date alone is its midnight there).
 */
export function parseDateTime(text: string, timeZone: string): Date | undefined {
	const match = DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset] = match;
	const fields = [year, month, day, hour, minute, second].map(Number);
	const [y, mo, d, h, mi, s] = fields;
	if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
	const local = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
	if (!offset) return new Date(instantOfWallClock(local, timeZone));
	if (/^z$/i.test(offset)) return new Date(local);
	const [, sign, offsetHours, offsetMinutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset) ?? [];
	const minutes = Number(offsetHours) * 60 + Number(offsetMinutes);
	if (Number(offsetMinutes) > 59 || minutes > MAX_OFFSET_MINUTES) return undefined;
	return new Date(local - (sign === '-' ? -minutes : minutes) * 60_000);
}

/** Formats an instant: `sql` is `YYYY-MM-DD HH:MM:SS` on the wall clock of `timeZone`; `iso` is ISO 8601 in UTC (`…Z`). */
export function formatInstant(instant: Date, style: 'sql' | 'iso', timeZone = 'UTC'): string {
	if (style === 'iso') return `${instant.toISOString().slice(0, 19)}Z`;
	const clock = wallClock(instant, timeZone);
	const two = (value: number) => String(value).padStart(2, '0');
	return `${String(clock.year).padStart(4, '0')}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}`;
}

/**
 * A date filter as n8n hands it over: text from the date picker or an expression, a JS Date, or a Luxon
 * DateTime. Text without offset is read in the workflow's time zone (Settings → Timezone), as n8n's own
 * nodes do. Empty is undefined; anything that is not a real date is refused, naming the field and item.
 */
export function toInstant(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
): Date | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
	const fromLuxon = value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function';
	const text = fromLuxon
		? String((value as { toISO: () => unknown }).toISO())
		: typeof value === 'string'
			? value.trim()
			: '';
	const instant = text ? parseDateTime(text, context.getTimezone()) : undefined;
	if (!instant) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is ${JSON.stringify(typeof value === 'string' ? value : String(value))}`,
			"An offset such as +01:00 or Z may follow the time; a time without offset is read in the workflow's time zone.",
		);
	}
	return instant;
}

/**
 * How one API version writes a date filter: the value read by toInstant's rules, written in `style` in `timeZone`
 * (undefined when empty), e.g. `dateFilterWriter('iso')` for `2026-11-20T07:30:00Z`.
 */
export function dateFilterWriter(style: 'sql' | 'iso', timeZone = 'UTC') {
	return (context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): string | undefined => {
		const instant = toInstant(context, value, itemIndex, label);
		return instant && formatInstant(instant, style, timeZone);
	};
}
