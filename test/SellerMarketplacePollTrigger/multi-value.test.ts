/**
 * Issue 33 item 1, the poll triggers: "Order Unit Reached Status" with two statuses emits the units of both against
 * a server that reads the query as PHP does (of a repeated key only the last value counts), polled through
 * n8n-core's PollTriggerExecutor. A filter of several values is never sent: the trigger reads the list by update
 * time and keeps the chosen statuses itself (api/core/multiValue.ts), in both versions.
 */
import type { IDataObject } from 'n8n-workflow';

import { ids, resetBenchEachTest, startPollBench, timestampOf, type PollBench } from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench({ phpQuery: true });
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const nowSeconds = () => Math.floor(control().now() / 1000);

/** An order unit of the de storefront, changed now to `status` (a copy of an existing one, with a new id). */
function changedUnit(status: string): number {
	const rows = control().db.orderUnits as unknown as IDataObject[];
	const id = rows.reduce((max, row) => Math.max(max, Number(row.id_order_unit)), 0) + 1;
	const base = structuredClone(rows.find((row) => !row._storefront || row._storefront === 'de')!);
	rows.push({ ...base, id_order_unit: id, status, ts_updated: timestampOf(nowSeconds()) });
	return id;
}

describe.each(['v1', 'v2'] as const)('Poll Trigger %s, Order Unit Reached Status with two statuses', (api) => {
	it('emits the units reaching either status, each once, and sends no status filter (before: v2 only the last status)', async () => {
		const parameters = { event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent', 'sent'] };
		const trigger = api === 'v1' ? bench.host(parameters) : bench.hostV2(parameters);
		await trigger.activate();
		await control().advance(1);
		bench.mark();

		const waiting = changedUnit('need_to_be_sent');
		const sent = changedUnit('sent');
		changedUnit('received');
		const other = changedUnit('cancelled');
		const emitted = ids(await trigger.tick(), 'id_order_unit');
		expect([...emitted].sort()).toEqual([waiting, sent].sort());
		expect(emitted).not.toContain(other);
		for (const entry of bench.since()) expect(entry.query.status).toBeUndefined();

		await control().advance(5);
		expect(await trigger.tick()).toBeUndefined();
	});
});
