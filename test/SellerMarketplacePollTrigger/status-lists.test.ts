/**
 * Issue 26 item 3: an idle poll after a burst costs at most 2 requests on every list followed by its update time
 * (order units by status, returns, import files), both versions, polled through n8n-core's PollTriggerExecutor
 * against the sandbox; and the lookback keeps its guarantee (a record the marketplace lists late inside the window
 * is emitted once, a record that leaves the chosen statuses is not emitted, nothing twice, nothing lost across a
 * restart). The bursts are written into the sandbox's store directly, as a bulk change of the seller's records.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RequestLogEntry } from '../../sandbox';
import type { PollHost } from '../harness/poll-host';
import { finishedImportFile, ids, startPollBench, timestampOf, type PollBench, resetBenchEachTest } from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench();
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const BURST = 1000;

interface StatusList {
	name: string;
	api: 'v1' | 'v2';
	parameters: INodeParameters;
	collection: 'orderUnits' | 'returns' | 'importFiles' | 'tickets' | 'ticketMessages';
	id: string;
	/** The timestamp the list is followed by (its update time when absent). */
	time?: string;
	/** A status the trigger emits, and one it does not (a record that changes to it leaves the list). */
	inStatus?: string;
	outStatus?: string;
}

const LISTS: StatusList[] = (['v1', 'v2'] as const).flatMap((api): StatusList[] => [
	{
		name: 'Order Unit Reached Status',
		api,
		parameters: { event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent'] },
		collection: 'orderUnits',
		id: 'id_order_unit',
		inStatus: 'need_to_be_sent',
		outStatus: 'sent',
	},
	{
		name: 'Return Created or Changed (statuses)',
		api,
		parameters: { event: 'returnChanged', returnStatuses: ['package_sent'] },
		collection: 'returns',
		id: 'id_return',
		inStatus: 'package_sent',
		outStatus: 'package_received',
	},
	{
		name: 'Return Created or Changed (every return)',
		api,
		parameters: { event: 'returnChanged' },
		collection: 'returns',
		id: 'id_return',
		inStatus: 'package_sent',
	},
	{
		name: 'Import File Finished',
		api,
		parameters: { event: 'importFileFinished', options: {} },
		collection: 'importFiles',
		id: 'id_import_file',
		inStatus: 'DONE',
	},
	// A list followed by its creation time, for comparison (New Order: test/api/paging/poll.test.ts).
	{
		name: 'New Ticket Message',
		api,
		parameters: { event: 'ticketMessageNew' },
		collection: 'ticketMessages',
		id: 'id_ticket_message',
		time: 'ts_created',
	},
]);

const nowSeconds = () => Math.floor(control().now() / 1000);
const requests = (api: 'v1' | 'v2'): RequestLogEntry[] => bench.since().filter((entry) => (entry.api ?? 'v1') === api);

/** A record of the list's collection, changed now to `status` (a copy of an existing one, or a new import file). */
function newRecord(list: StatusList, status = list.inStatus, seconds = nowSeconds()): IDataObject {
	const rows = control().db[list.collection] as unknown as IDataObject[];
	const nextId = rows.reduce((max, row) => Math.max(max, Number(row[list.id])), 0) + 1;
	const time = timestampOf(seconds);
	const base: IDataObject =
		list.collection === 'importFiles'
			? finishedImportFile(time)
			: structuredClone(rows.find((row) => !row._storefront || row._storefront === 'de')!);
	const record: IDataObject = { ...base, [list.id]: nextId, [list.time ?? 'ts_updated']: time };
	if (status !== undefined) record.status = status;
	rows.push(record);
	return record;
}

async function published(list: StatusList): Promise<PollHost> {
	const parameters = { ...list.parameters, options: { maxItemsPerPoll: 5000 } };
	const trigger = list.api === 'v1' ? bench.host(parameters) : bench.hostV2(parameters);
	await trigger.activate();
	await control().advance(1);
	bench.mark();
	return trigger;
}

describe.each(LISTS)('Poll Trigger $api, $name: an idle poll after a burst of 1,000 (issue 26)', (list) => {
	it('costs at most 2 requests (before: v1 34, v2 10), and the lookback still emits each record once', async () => {
		const trigger = await published(list);
		const burst = Array.from({ length: BURST }, () => newRecord(list)[list.id]);
		expect(ids(await trigger.tick(), list.id)).toEqual(burst);

		const idle: number[] = [];
		for (let poll = 0; poll < 3; poll++) {
			await control().advance(5);
			bench.mark();
			expect(await trigger.tick()).toBeUndefined();
			idle.push(requests(list.api).length);
		}
		expect(Math.max(...idle)).toBeLessThanOrEqual(2);

		// A record the marketplace lists late: changed a minute before the newest emitted, inside the lookback window.
		const late = newRecord(list, list.inStatus, nowSeconds() - 60);
		expect(ids(await trigger.tick(), list.id)).toEqual([late[list.id]]);
		expect(await trigger.tick()).toBeUndefined();

		if (list.outStatus) {
			// One of the burst leaves the chosen statuses while another record is listed late: the total stays the same.
			await control().advance(2);
			const leaving = (control().db[list.collection] as unknown as IDataObject[]).find(
				(row) => row[list.id] === burst[500],
			)!;
			leaving.status = list.outStatus;
			leaving.ts_updated = timestampOf(nowSeconds());
			const lateAgain = newRecord(list, list.inStatus, nowSeconds() - 90);
			expect(ids(await trigger.tick(), list.id)).toEqual([lateAgain[list.id]]);
			// It comes back: a new event.
			await control().advance(1);
			leaving.status = list.inStatus!;
			leaving.ts_updated = timestampOf(nowSeconds());
			expect(ids(await trigger.tick(), list.id)).toEqual([burst[500]]);
		}

		// A restart keeps the saved state: nothing again, and what changed meanwhile once.
		const restarted = trigger.restart();
		await control().advance(30);
		const during = newRecord(list);
		await restarted.activate();
		expect(restarted.executions.map((batch) => ids(batch, list.id))).toEqual([[during[list.id]]]);
		for (let poll = 0; poll < 2; poll++) {
			await control().advance(5);
			bench.mark();
			expect(await restarted.tick()).toBeUndefined();
			expect(requests(list.api).length).toBeLessThanOrEqual(2);
		}
	});
});
