/**
 * Issue 11, item 5: date filters. Impossible dates are refused; an explicit offset names an instant and is
 * converted, not dropped; a value without offset is a time in the workflow's time zone (as everywhere in
 * n8n). API v1 takes `YYYY-MM-DD HH:MM:SS` in UTC (see README, "Dates and time zones").
 */
import { getGlobalState, setGlobalState } from 'n8n-workflow';

import { formatInstant, parseDateTime } from '../../nodes/shared/helpers/dates';
import { runSellerNode } from '../harness/workflow';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox({}, { resetEachTest: false });
const instanceTimeZone = getGlobalState().defaultTimezone;

afterAll(() => setGlobalState({ defaultTimezone: instanceTimeZone }));
beforeEach(() => env.sandbox().control.clearRequests());

/** Runs Order Unit → Get Many with "Created After" from an expression; returns the run and the query the sandbox got. */
async function createdAfter(value: unknown, timeZone = 'UTC') {
	// n8n's instance default (GENERIC_TIMEZONE): what a workflow without its own time zone setting uses.
	setGlobalState({ defaultTimezone: timeZone });
	const run = await runSellerNode(env.credentials(), {
		parameters: {
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			filters: { createdFrom: '={{ $json.when }}' },
		},
		items: [{ json: { when: value } as never }],
	});
	const [request] = env.sandbox().control.requests();
	return { run, sent: request?.query['ts_created:from'] };
}

describe('impossible or malformed dates are refused before anything is sent', () => {
	it.each([
		'2024-13-45',
		'2024-02-30',
		'2023-02-29',
		'2024-00-10',
		'2024-01-01T25:00',
		'2024-01-01T24:00:00',
		'2024-01-01T10:61',
		'2024-01-01T10:00:60',
		'2024-01-01T10:00:00 and more',
		'2024-01-01garbage',
		'2024-01-01 10:00:00x',
		'2024-01-01T10:00:00+25:00',
		'2024-01-01T10:00:00+05:75',
		'2024-1-1',
		'yesterday',
	])('%s', async (value) => {
		const { run, sent } = await createdAfter(value);
		expect(run.error?.message).toMatch(/"Created After" must be a date.*\[item 0\]/);
		expect(sent).toBeUndefined();
		expect(env.sandbox().control.requests()).toHaveLength(0);
	});
});

describe('an explicit offset names an instant, converted to the API time (UTC)', () => {
	it.each([
		['2024-03-01T10:00:00+05:00', '2024-03-01 05:00:00'],
		['2024-03-01T10:00:00-0230', '2024-03-01 12:30:00'],
		['2024-03-01T10:00:00Z', '2024-03-01 10:00:00'],
		['2024-03-01T00:30:00.250+01:00', '2024-02-29 23:30:00'],
	])('%s → %s, whatever the workflow time zone', async (value, expected) => {
		expect((await createdAfter(value, 'America/New_York')).sent).toBe(expected);
		env.sandbox().control.clearRequests();
		expect((await createdAfter(value, 'Asia/Kolkata')).sent).toBe(expected);
	});
});

describe("a value without offset is a time in the workflow's time zone", () => {
	it.each([
		['2024-03-01T10:00:00', 'Europe/Berlin', '2024-03-01 09:00:00'],
		['2024-07-01 10:00:00', 'Europe/Berlin', '2024-07-01 08:00:00'], // summer time
		['2024-07-01', 'Europe/Berlin', '2024-06-30 22:00:00'], // a date alone is its midnight
		['2024-03-01T10:00', 'America/New_York', '2024-03-01 15:00:00'],
		['2024-03-01T10:00:00', 'UTC', '2024-03-01 10:00:00'],
	])('%s in %s → %s', async (value, timeZone, expected) => {
		expect((await createdAfter(value, timeZone)).sent).toBe(expected);
	});

	it('a Luxon DateTime from an expression keeps its own zone', async () => {
		setGlobalState({ defaultTimezone: 'Europe/Berlin' });
		const run = await runSellerNode(env.credentials(), {
			parameters: {
				resource: 'orderUnit',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				filters: { createdFrom: "={{ DateTime.fromISO('2024-03-01T10:00:00', { zone: 'America/New_York' }) }}" },
			},
		});
		expect(run.error).toBeUndefined();
		expect(env.sandbox().control.requests()[0].query['ts_created:from']).toBe('2024-03-01 15:00:00');
	});
});

describe('parseDateTime and formatInstant (shared by both API versions)', () => {
	it('reads local times in the given zone, across a change to summer time', () => {
		expect(parseDateTime('2024-03-31T01:30:00', 'Europe/Berlin')?.toISOString()).toBe('2024-03-31T00:30:00.000Z');
		expect(parseDateTime('2024-03-31T03:30:00', 'Europe/Berlin')?.toISOString()).toBe('2024-03-31T01:30:00.000Z');
		expect(parseDateTime('2024-10-27T12:00:00', 'Europe/Berlin')?.toISOString()).toBe('2024-10-27T11:00:00.000Z');
		expect(parseDateTime('2024-02-29', 'UTC')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
	});

	it('refuses what is not a real date', () => {
		for (const value of [
			'2024-02-30',
			'2024-13-01',
			'2024-01-01T23:60',
			'2024-01-01T10:00:00+24:00',
			'2024-01-01 ',
			'',
		]) {
			expect([value, parseDateTime(value, 'UTC')]).toEqual([value, undefined]);
		}
	});

	it('formats an instant for API v1 (`YYYY-MM-DD HH:MM:SS`, in a zone) and API v2 (ISO 8601 UTC)', () => {
		const instant = new Date('2024-07-01T08:05:09.999Z');
		expect(formatInstant(instant, 'sql', 'UTC')).toBe('2024-07-01 08:05:09');
		expect(formatInstant(instant, 'sql', 'Europe/Berlin')).toBe('2024-07-01 10:05:09');
		expect(formatInstant(instant, 'iso')).toBe('2024-07-01T08:05:09Z');
	});
});
