/**
 * Every event of the poll trigger (v2) drains a backlog larger than Max Items per Poll (issue 34 item 3; the class of
 * issue 31 item 1), through n8n-core's poll execution path: test/harness/poll-host.ts, n8n-core's PollContext and
 * PollTriggerExecutor around the node from source, as n8n's ActiveWorkflowTriggers runs a poll (publishing: one poll
 * whose state is saved; each tick: one poll, its items an execution, the static data saved). n8n's own schedule polls
 * at most once a minute, so a backlog of 1,000 would take 10 minutes per event in a real n8n; here the sandbox's clock
 * stands still and moves one minute before each poll. The strict v2 sandbox runs in this process (its request log
 * gives each poll's requests and the sandbox's own share of each poll's time).
 *
 * Per event: publish, idle polls, a backlog of N written into the sandbox's store (a bulk change of the seller's
 * records, in 10 slices one second apart), polls until one emits nothing, idle polls; a ledger of what the workflow
 * received: nothing twice, nothing missing, oldest first (by the event's timestamp, deadline or last change).
 */
import './env';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type RequestLogEntry, type Sandbox } from '../sandbox';
import { DEFAULT_USER_AGENT } from '../nodes/api/v2/signing';
import { PollHost } from '../test/harness/poll-host';
import { finishedImportFile, timestampOf } from '../test/SellerMarketplacePollTrigger/helpers';
import { fmt, median, table } from './measure';
import { silenceN8nLogger } from './workflow';
import { IDLE_POLL_MAX_REQUESTS } from './v2-poll';

// n8n's logger at its default level says nothing of a poll; the node's "more follow" lines would flood stderr.
silenceN8nLogger();

/** The trigger's default Max Items per Poll. */
const CAP = 100;
/** n8n's shortest poll interval: the sandbox's clock moves this far before each poll. */
const POLL_SECONDS = 60;
/** The backlog is written in this many slices, one second apart, so that "oldest first" has something to order. */
const SLICES = 10;
/** Idle polls measured before the backlog and after the drain. */
const IDLE_POLLS = 3;
const HOUR = 3600;
/** The default Lead Time of Order Unit Due Soon. */
const LEAD_SECONDS = 4 * HOUR;
/** The unsent statuses the deadline events read, one list each (nodes/SellerMarketplacePollTrigger/shared/sources.ts). */
const UNSENT = ['open', 'need_to_be_sent'];

type Collection = 'orders' | 'orderUnits' | 'returns' | 'tickets' | 'ticketMessages' | 'importFiles' | 'units';

/**
 * How an event is read: 'timeline' follows a list sorted newest first by a timestamp (its idle poll is one look);
 * 'deadline' and 'snapshot' read their lists whole every poll, since the API neither filters nor sorts by a unit's
 * deadline or an offer's stock.
 */
type Kind = 'timeline' | 'deadline' | 'snapshot';

interface EventCase {
	name: string;
	parameters: INodeParameters;
	kind: Kind;
	collection: Collection;
	id: string;
	/** The store's field that orders the events (written on each backlog record). */
	time: string;
	/** The same in the records the trigger outputs (v2's ISO forms; import files keep `ts_updated`). */
	output: string;
	/** The list's largest page (`limit`). */
	pageSize: number;
	/** The status the backlog's records have. */
	status?: string;
}

const timeline = (
	name: string,
	parameters: INodeParameters,
	collection: Collection,
	id: string,
	time: 'ts_created' | 'ts_updated',
	extra: Partial<EventCase> = {},
): EventCase => ({
	name,
	parameters,
	kind: 'timeline',
	collection,
	id,
	time,
	output: `${time}_iso`,
	pageSize: 100,
	...extra,
});

export const EVENT_CASES: EventCase[] = [
	timeline('New Order', { event: 'orderNew' }, 'orders', 'id_order', 'ts_created'),
	timeline(
		'Order Unit Reached Status (one status)',
		{ event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent'] },
		'orderUnits',
		'id_order_unit',
		'ts_updated',
		{ status: 'need_to_be_sent' },
	),
	timeline(
		'Order Unit Reached Status (two statuses)',
		{ event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent', 'sent'] },
		'orderUnits',
		'id_order_unit',
		'ts_updated',
		{ status: 'need_to_be_sent' },
	),
	{
		name: 'Order Unit Due Soon',
		parameters: { event: 'orderUnitDueSoon' },
		kind: 'deadline',
		collection: 'orderUnits',
		id: 'id_order_unit',
		time: 'delivery_time_expires',
		output: 'delivery_time_expires_iso',
		pageSize: 100,
		status: 'need_to_be_sent',
	},
	{
		name: 'Order Unit Overdue',
		parameters: { event: 'orderUnitOverdue' },
		kind: 'deadline',
		collection: 'orderUnits',
		id: 'id_order_unit',
		time: 'delivery_time_expires',
		output: 'delivery_time_expires_iso',
		pageSize: 100,
		status: 'need_to_be_sent',
	},
	timeline(
		'Return Created or Changed (a status)',
		{ event: 'returnChanged', returnStatuses: ['package_sent'] },
		'returns',
		'id_return',
		'ts_updated',
		{ status: 'package_sent' },
	),
	timeline(
		'Return Created or Changed (every return)',
		{ event: 'returnChanged' },
		'returns',
		'id_return',
		'ts_updated',
		{
			status: 'package_sent',
		},
	),
	timeline('New Ticket', { event: 'ticketNew' }, 'tickets', 'id_ticket', 'ts_created', { pageSize: 30 }),
	timeline('New Ticket Message', { event: 'ticketMessageNew' }, 'ticketMessages', 'id_ticket_message', 'ts_created', {
		pageSize: 30,
	}),
	timeline(
		'Import File Finished',
		{ event: 'importFileFinished', options: {} },
		'importFiles',
		'id_import_file',
		'ts_updated',
		{ output: 'ts_updated', status: 'DONE' },
	),
	{
		name: 'Unit Out of Stock',
		parameters: { event: 'unitOutOfStock' },
		kind: 'snapshot',
		collection: 'units',
		id: 'id_unit',
		time: 'date_lastchange',
		output: 'date_lastchange_iso',
		pageSize: 100,
	},
];

export interface EventRun {
	name: string;
	kind: Kind;
	records: number;
	pageSize: number;
	/** requests of the first poll (publishing: what exists is marked as known) */
	publish: number;
	idleBefore: number[];
	/** per poll that emitted: its requests, items, wall time and the sandbox's share of it (ms) */
	drain: Array<{ requests: number; items: number; ms: number; sandboxMs: number }>;
	idleAfter: number[];
	/** the ideal polls, requests per idle poll before and after, and requests of the whole drain (see ideals) */
	ideal: { polls: number; idleBefore: number; idleAfter: number; drain: number };
	/** at most this many requests per drain poll (one poll may read the whole window: `window`) */
	bound: { perPoll: number; total: number };
	received: number;
	repeats: number;
	missing: number;
	/** emitted, but not part of the backlog */
	unexpected: number;
	outOfOrder: number;
	/** failed polls, answers outside the OpenAPI, refused requests */
	errors: string[];
}

export interface EventsResult {
	records: number;
	runs: EventRun[];
	/** wall time of the whole part */
	ms: number;
}

const nowSeconds = (sandbox: Sandbox) => Math.floor(sandbox.control.now() / 1000);
const secondsOf = (text: string) =>
	Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`) / 1000;
const rowsOf = (sandbox: Sandbox, event: EventCase) => sandbox.control.db[event.collection] as unknown as IDataObject[];
const onDe = (row: IDataObject) => !row._storefront || row._storefront === 'de';

/** Hands out new ids of the collection's kind: numbers, digits of the seed's width ("0013163664"), or "B" and a number. */
function idMaker(rows: IDataObject[], field: string): () => string | number {
	const sample = rows[0]?.[field];
	let next = rows.reduce((max, row) => Math.max(max, Number(String(row[field]).replace(/^B/, '')) || 0), 0);
	if (typeof sample !== 'string') return () => ++next;
	return /^\d+$/.test(sample) ? () => String(++next).padStart(sample.length, '0') : () => `B${++next}`;
}

/** Every unsent order unit of the seed is due a month from now: only the backlog falls due during the run. */
function quietSeed(sandbox: Sandbox): void {
	const later = timestampOf(nowSeconds(sandbox) + 30 * 24 * HOUR);
	for (const unit of sandbox.control.db.orderUnits) unit.delivery_time_expires = later;
}

/** Unit Out of Stock: `count` more offers in storefront de, in stock, before publishing (the backlog runs them out). */
function addOffers(sandbox: Sandbox, count: number): IDataObject[] {
	const units = sandbox.control.db.units as unknown as IDataObject[];
	const model = units.find((unit) => onDe(unit) && unit.condition !== 'download')!;
	const offers = Array.from({ length: count }, (_, n) => ({
		...structuredClone(model),
		id_unit: 900_000_000 + n,
		id_offer: `BACKLOG-${n}`,
		amount: 5,
	}));
	units.push(...offers);
	return offers;
}

/**
 * Writes the backlog of `count` records in SLICES slices, the clock moving one second after each: new records (a
 * deadline's order units due already), or, for Unit Out of Stock, the prepared offers running out of stock.
 */
async function writeBacklog(
	sandbox: Sandbox,
	event: EventCase,
	count: number,
	offers: IDataObject[],
): Promise<string[]> {
	const control = sandbox.control;
	const rows = rowsOf(sandbox, event);
	const nextId = idMaker(rows, event.id);
	const template =
		event.collection === 'importFiles'
			? undefined
			: structuredClone(rows.find((row) => onDe(row) && !row._fulfilled_by_marketplace)!);
	const ids: string[] = [];
	for (let slice = 0; slice < SLICES; slice++) {
		const now = timestampOf(nowSeconds(sandbox));
		const size = Math.floor((count * (slice + 1)) / SLICES) - Math.floor((count * slice) / SLICES);
		for (let index = 0; index < size; index++) {
			if (event.kind === 'snapshot') {
				const offer = offers[ids.length];
				offer.amount = 0;
				offer.date_lastchange = now;
				ids.push(String(offer[event.id]));
				continue;
			}
			const record: IDataObject = template ? structuredClone(template) : finishedImportFile(now);
			record[event.id] = nextId();
			if ('ts_created' in record) record.ts_created = now;
			if ('ts_updated' in record || event.time === 'ts_updated') record.ts_updated = now;
			if (event.status !== undefined) record.status = event.status;
			if (event.kind === 'deadline') {
				// due a second ago: overdue, or (Due Soon) the lead time before its deadline
				const lead = event.parameters.event === 'orderUnitDueSoon' ? LEAD_SECONDS : 0;
				record.delivery_time_expires = timestampOf(nowSeconds(sandbox) - 1 + lead);
				// a quarter still waits for payment: the other unsent list
				if (ids.length % 4 === 3) record.status = 'open';
			}
			rows.push(record);
			ids.push(String(record[event.id]));
		}
		await control.advance(1);
	}
	return ids;
}

/**
 * Requests an idle poll of a list read whole needs: one page of 100 per 100 records listed (one for an empty list),
 * for each list the event reads (storefront de; order units fulfilled by the marketplace are not listed).
 */
function fullReadPages(sandbox: Sandbox, event: EventCase): number {
	const pages = (listed: number) => Math.max(1, Math.ceil(listed / event.pageSize));
	if (event.kind === 'snapshot')
		return pages((sandbox.control.db.units as unknown as IDataObject[]).filter(onDe).length);
	const units = sandbox.control.db.orderUnits as unknown as IDataObject[];
	return UNSENT.reduce(
		(sum, status) =>
			sum +
			pages(units.filter((unit) => unit.status === status && onDe(unit) && !unit._fulfilled_by_marketplace).length),
		0,
	);
}

/** What reached the workflow, in order: each record's id and the time that orders it. */
class Ledger {
	readonly received: Array<{ id: string; time: number }> = [];

	constructor(private readonly event: EventCase) {}

	take(items: IDataObject[] | undefined): number {
		for (const item of items ?? [])
			this.received.push({ id: String(item[this.event.id]), time: secondsOf(String(item[this.event.output])) });
		return items?.length ?? 0;
	}

	/** A timeline's event is a record at a time (a record that changes again is a new event); the others, a record. */
	private key(entry: { id: string; time: number }) {
		return this.event.kind === 'timeline' ? `${entry.id}@${entry.time}` : entry.id;
	}

	check(backlog: string[], sandbox: Sandbox) {
		const keys = this.received.map((entry) => this.key(entry));
		const got = new Set(keys);
		const rows = new Map(rowsOf(sandbox, this.event).map((row) => [String(row[this.event.id]), row]));
		const wanted = new Set(
			backlog.map((id) => this.key({ id, time: secondsOf(String(rows.get(id)![this.event.time])) })),
		);
		return {
			repeats: keys.length - got.size,
			missing: [...wanted].filter((key) => !got.has(key)).length,
			unexpected: [...got].filter((key) => !wanted.has(key)).length,
			outOfOrder: this.received.filter((entry, index) => index > 0 && entry.time < this.received[index - 1].time)
				.length,
		};
	}
}

/** Requests of each poll in order, repeats folded: "4, 3 ×98, 30". */
function runs(values: number[]): string {
	const parts: string[] = [];
	for (let index = 0; index < values.length; ) {
		let end = index;
		while (end + 1 < values.length && values[end + 1] === values[index]) end++;
		parts.push(end > index ? `${values[index]} ×${end - index + 1}` : String(values[index]));
		index = end + 1;
	}
	return parts.join(', ');
}

let workflows = 0;

async function runEvent(
	sandbox: Sandbox,
	event: EventCase,
	records: number,
	log: (line: string) => void,
): Promise<EventRun> {
	const control = sandbox.control;
	control.reset();
	quietSeed(sandbox);
	const offers = event.kind === 'snapshot' ? addOffers(sandbox, records) : [];
	const errors: string[] = [];
	const trigger = new PollHost({
		credentials: {
			sellerMarketplaceV2Api: {
				clientKey: sandbox.clientKey,
				secretKey: sandbox.secretKey,
				baseUrl: sandbox.v2BaseUrl,
				storefront: 'de',
				userAgent: DEFAULT_USER_AGENT,
			},
		},
		typeVersion: 2,
		parameters: event.parameters,
		workflowId: `wf-poll-bench-${++workflows}`,
	});
	const v2Requests = (from: number) =>
		control
			.requests()
			.slice(from)
			.filter((entry) => entry.api === 'v2');
	const serviceMs = (entries: RequestLogEntry[]) =>
		entries.reduce((sum, entry) => sum + (entry.answeredMs ?? entry.receivedMs) - entry.receivedMs, 0);
	/** One scheduled poll, a minute after the last: its items, requests and times. */
	const poll = async () => {
		await control.advance(POLL_SECONDS);
		const from = control.requests().length;
		const started = performance.now();
		let items: IDataObject[] | undefined;
		try {
			items = await trigger.tick();
		} catch (error) {
			errors.push(`a poll failed: ${(error as Error).message.split('\n')[0]}`);
		}
		const ms = performance.now() - started;
		const entries = v2Requests(from);
		return { items, requests: entries.length, ms, sandboxMs: serviceMs(entries) };
	};

	const from = control.requests().length;
	try {
		await trigger.activate();
	} catch (error) {
		errors.push(`publishing failed: ${(error as Error).message.split('\n')[0]}`);
	}
	const publish = v2Requests(from).length;
	const idleBeforeIdeal = event.kind === 'timeline' ? 1 : fullReadPages(sandbox, event);
	const ledger = new Ledger(event);
	const idleBefore: number[] = [];
	for (let n = 0; n < IDLE_POLLS && !errors.length; n++) {
		const result = await poll();
		if (ledger.take(result.items)) errors.push('an idle poll before the backlog emitted records');
		idleBefore.push(result.requests);
	}

	const backlog = await writeBacklog(sandbox, event, records, offers);
	const polls = Math.ceil(records / CAP);
	const perIdle = event.kind === 'timeline' ? 1 : fullReadPages(sandbox, event);
	// timeline: one look where the list stands, then the pages of the poll's records; a list read whole: all of it
	const perDrainPoll = event.kind === 'timeline' ? 1 + Math.ceil(CAP / event.pageSize) : perIdle;
	const drain: EventRun['drain'] = [];
	const idleAfter: number[] = [];
	const limit = polls * 2 + 5;
	for (let n = 0; n < limit && !errors.length; n++) {
		const result = await poll();
		const items = ledger.take(result.items);
		if (items === 0) {
			idleAfter.push(result.requests);
			break;
		}
		drain.push({ requests: result.requests, items, ms: result.ms, sandboxMs: result.sandboxMs });
	}
	if (idleAfter.length === 0 && !errors.length) errors.push(`still emitting after ${limit} polls`);
	while (idleAfter.length && idleAfter.length < IDLE_POLLS && !errors.length) {
		const result = await poll();
		if (ledger.take(result.items)) errors.push('an idle poll after the drain emitted records');
		idleAfter.push(result.requests);
	}
	const violations = control.responseViolations();
	if (violations.length) errors.push(`${violations.length} answers outside the OpenAPI`);
	const refused = control.requests().filter((entry) => entry.api === 'v2' && entry.status !== 200);
	if (refused.length)
		errors.push(
			`${refused.length} requests refused (first: ${refused[0].status} ${refused[0].method} ${refused[0].path})`,
		);
	if (trigger.errors.length) errors.push(`${trigger.errors.length} poll errors`);

	const ledgerCheck = ledger.check(backlog, sandbox);
	const run: EventRun = {
		name: event.name,
		kind: event.kind,
		records,
		pageSize: event.pageSize,
		publish,
		idleBefore,
		drain,
		idleAfter,
		ideal: { polls, idleBefore: idleBeforeIdeal, idleAfter: perIdle, drain: polls * perDrainPoll },
		// timeline: as test/SellerMarketplacePollTrigger/backlog.test.ts, a look, the pages of Max Items per Poll (one
		// more when they do not start at a page's start) and one page past them; one poll may read the window once.
		// A list read whole: its pages, and one more per list for a list that changed while it was read.
		bound:
			event.kind === 'timeline'
				? (() => {
						const perPoll = 1 + Math.ceil(CAP / event.pageSize) + 2;
						return { perPoll, total: perPoll * polls + Math.ceil(records / event.pageSize) + 2 };
					})()
				: { perPoll: perIdle + UNSENT.length, total: (perIdle + UNSENT.length) * polls },
		received: ledger.received.length,
		...ledgerCheck,
		errors,
	};
	log(
		`${event.name}: ${fmt(run.received)} of ${fmt(records)} in ${drain.length} polls (${runs(drain.map((p) => p.requests))} requests), ` +
			`idle ${idleBefore.join(' ')} / ${idleAfter.join(' ')}; repeats ${run.repeats}, missing ${run.missing}, ` +
			`not in the backlog ${run.unexpected}, out of order ${run.outOfOrder}${errors.length ? `; ${errors.join('; ')}` : ''}`,
	);
	return run;
}

/** The part: every event in turn, one sandbox (reset before each). */
export async function v2PollEvents({
	records,
	log,
}: {
	records: number;
	log: (line: string) => void;
}): Promise<EventsResult> {
	const started = performance.now();
	// the clock stands still (a second of sandbox time per 31 years): it moves only by `advance`
	const sandbox = await startSandbox({ strict: true, timeScale: 1e-9, requestLogLimit: 1_000_000 });
	const runs: EventRun[] = [];
	try {
		for (const event of EVENT_CASES) runs.push(await runEvent(sandbox, event, records, log));
	} finally {
		await sandbox.close();
	}
	return { records, runs, ms: performance.now() - started };
}

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Each event's failures, one line each (empty: passed). */
export function pollEventsFailures(result: EventsResult): string[] {
	const failures: string[] = [];
	for (const run of result.runs) {
		const fail = (what: string) => failures.push(`poll events, ${run.name}: ${what}`);
		for (const error of run.errors) fail(error);
		if (run.repeats) fail(`${run.repeats} records emitted more than once`);
		if (run.missing) fail(`${run.missing} of ${fmt(run.records)} records never emitted`);
		if (run.unexpected) fail(`${run.unexpected} records emitted that were not part of the backlog`);
		if (run.outOfOrder) fail(`${run.outOfOrder} records emitted before an older one`);
		if (run.drain.length !== run.ideal.polls)
			fail(
				`${run.drain.length} polls to drain ${fmt(run.records)}, ${run.ideal.polls} expected (Max Items per Poll ${CAP})`,
			);
		if (run.drain.some((poll) => poll.items > CAP)) fail(`a poll emitted more than ${CAP} records`);
		const requests = run.drain.map((poll) => poll.requests);
		const over = requests.filter((count) => count > run.bound.perPoll);
		// a timeline's drain may read its window once (its last poll); a list read whole, never more than its pages
		if (over.length > (run.kind === 'timeline' ? 1 : 0))
			fail(`unbounded: ${over.length} drain polls above ${run.bound.perPoll} requests (${over.join(', ')})`);
		if (total(requests) > run.bound.total)
			fail(`unbounded: ${fmt(total(requests))} requests to drain, bound ${fmt(run.bound.total)}`);
		const idleMax = run.kind === 'timeline' ? IDLE_POLL_MAX_REQUESTS : undefined;
		const idleOver = (idle: number[], ideal: number) => idle.filter((count) => count > (idleMax ?? ideal));
		if (idleOver(run.idleBefore, run.ideal.idleBefore).length || idleOver(run.idleAfter, run.ideal.idleAfter).length)
			fail(
				`an idle poll cost ${Math.max(...run.idleBefore, ...run.idleAfter)} requests (at most ${idleMax ?? `${run.ideal.idleBefore} before, ${run.ideal.idleAfter} after`})`,
			);
		if (run.idleAfter.length < IDLE_POLLS) fail(`${run.idleAfter.length} idle polls after the drain measured`);
	}
	return failures;
}

export function pollEventsTable(result: EventsResult): string {
	const rows = result.runs.map((run) => {
		const requests = run.drain.map((poll) => poll.requests);
		const ms = run.drain.map((poll) => poll.ms);
		const sandboxMs = run.drain.map((poll) => poll.sandboxMs);
		const failed = pollEventsFailures({ ...result, runs: [run] }).length > 0;
		return [
			run.name,
			`${fmt(run.received)} / ${fmt(run.records)}, ${run.repeats} / ${run.missing} / ${run.outOfOrder}`,
			`${run.drain.length} (${run.ideal.polls})`,
			`${fmt(median(requests))} / ${fmt(Math.max(0, ...requests))} (${run.ideal.drain / run.ideal.polls})`,
			runs(requests) || '–',
			`${fmt(total(requests))} / ${fmt(run.ideal.drain)} = ${fmt(total(requests) / run.ideal.drain, 2)}`,
			`${fmt(median(ms))} (${fmt(median(sandboxMs))})`,
			`${run.idleBefore.join(', ')} → ${run.idleAfter.join(', ')} (${run.ideal.idleBefore === run.ideal.idleAfter ? run.ideal.idleBefore : `${run.ideal.idleBefore} → ${run.ideal.idleAfter}`})`,
			failed ? '**FAIL**' : 'pass',
		];
	});
	return [
		table(
			[
				'event',
				'emitted / backlog, repeats / missing / out of order',
				'polls to drain (ideal)',
				'requests per drain poll, median / max (ideal)',
				'requests of each drain poll',
				'drain requests / ideal',
				'ms per drain poll, median (sandbox)',
				'requests per idle poll, before → after (ideal)',
				'',
			],
			rows,
		),
		'',
		`The poll trigger (node v2, default options: Max Items per Poll ${CAP}, storefront de from the credential) run by ` +
			`n8n-core's PollContext and PollTriggerExecutor in the bench process (test/harness/poll-host.ts) against the strict v2 ` +
			`sandbox in the same process, whose clock moves ${POLL_SECONDS} s before each poll. Per event: publishing, ${IDLE_POLLS} idle ` +
			`polls, a backlog of ${fmt(result.records)} written into the sandbox's store in ${SLICES} slices a second apart (new records; ` +
			`Due Soon and Overdue: unsent order units, a quarter of them \`open\`, due already; Out of Stock: offers that run out), ` +
			`polls until one emits nothing (it is the first idle poll after), ${IDLE_POLLS} idle polls in all after. A ledger of the ` +
			`emitted records: a repeat, a missing record, one emitted before an older one (by its timestamp, deadline or last change) ` +
			`or outside the backlog, more polls than ⌈backlog ÷ ${CAP}⌉, an unbounded poll or a costly idle poll is a FAIL. ` +
			`Ideal: lists sorted newest first: one look where the list stands plus the pages of the poll's ${CAP} records ` +
			`(${1 + CAP / 100} at pages of 100; ${1 + Math.ceil(CAP / 30)} for tickets and messages, pages of 30), 1 request an idle poll; ` +
			`Due Soon, Overdue, Out of Stock: every poll reads the unsent order units (two lists, \`open\` and \`need_to_be_sent\`) or ` +
			`the storefront's offers whole, pages of 100, since the API neither filters nor sorts by a deadline or a stock. ` +
			`Bound of a drain poll (FAIL above it): a look, the pages of ${CAP} records, one more at a page's edge and one past ` +
			`them (one drain poll may read its window whole); lists read whole: their pages and one more per list. ` +
			`"ms per drain poll": the poll's wall time, in brackets the sandbox's share (its request log: received → answered), which ` +
			`is spent in this process too. Part took ${fmt(result.ms / 1000, 1)} s.`,
	].join('\n');
}
