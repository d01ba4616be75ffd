/**
 * The poll trigger's other events, polled through n8n-core's poll executor against the sandbox; the
 * seller's own actions go through the Seller Marketplace node, status moves through the sandbox's control.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useFileServer } from '../harness/file-server';
import { PollHost } from '../harness/poll-host';
import { runSellerNode } from '../harness/workflow';
import { asked, ids, pollState, sleep, startPollBench, type PollBench } from './helpers';

let bench: PollBench;
// The sandbox fetches import files from loopback addresses only.
const files = useFileServer();

beforeAll(async () => {
	bench = await startPollBench();
	files.serve('/stock.csv', 'id_offer;amount\nSKU-00003;12\n');
});
afterAll(async () => {
	await bench.sandbox.close();
});
beforeEach(() => {
	bench.sandbox.control.reset();
	bench.mark();
});

const control = () => bench.sandbox.control;

async function published(parameters: INodeParameters): Promise<PollHost> {
	const host = bench.host(parameters);
	await host.activate();
	expect(host.executions).toEqual([]);
	bench.mark();
	return host;
}

async function act(parameters: INodeParameters): Promise<void> {
	const run = await runSellerNode(bench.credentials, { parameters });
	expect(run.error).toBeUndefined();
}

describe('Order Unit Reached Status', () => {
	it('emits order units that reach a chosen status, again when they come back to it, not when they leave it', async () => {
		const host = await published({ event: 'orderUnitStatus', orderUnitStatuses: ['need_to_be_sent'] });
		await control().advance(1);
		const { orderUnits } = await control().createOrder({ units: [{ id_unit: 500001, quantity: 2 }] });
		const unitIds = orderUnits.map((unit) => unit.id_order_unit);

		const items = await host.tick();

		expect(ids(items, 'id_order_unit')).toEqual(unitIds);
		expect(items?.every((item) => item.status === 'need_to_be_sent')).toBe(true);
		// A look at the changes (the list without the status, which a unit leaves by changing), then the read.
		const from = bench.since()[0].query['ts_updated:from'];
		expect(from).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect(bench.since().map(asked)).toEqual([
			{
				method: 'GET',
				path: '/order-units/seller/',
				query: { sort: 'ts_updated:desc', 'ts_updated:from': from, limit: '30', offset: '0' },
			},
			{
				method: 'GET',
				path: '/order-units/seller/',
				query: {
					status: 'need_to_be_sent',
					sort: 'ts_updated:desc',
					'ts_updated:from': from,
					limit: '30',
					offset: '0',
				},
			},
		]);

		await control().advance(1);
		control().setStatus('orderUnits', unitIds[0], 'sent');
		expect(await host.tick()).toBeUndefined();
		await control().advance(1);
		control().setStatus('orderUnits', unitIds[0], 'need_to_be_sent');
		expect(ids(await host.tick(), 'id_order_unit')).toEqual([unitIds[0]]);
		expect(await host.tick()).toBeUndefined();
	});

	it('follows several statuses at once', async () => {
		const host = await published({ event: 'orderUnitStatus', orderUnitStatuses: ['sent', 'cancelled'] });
		await control().advance(1);
		const { orderUnits } = await control().createOrder({ units: [{ id_unit: 500002, quantity: 3 }] });
		control().setStatus('orderUnits', orderUnits[0].id_order_unit, 'sent');
		control().setStatus('orderUnits', orderUnits[2].id_order_unit, 'cancelled');

		expect(ids(await host.tick(), 'id_order_unit')).toEqual([orderUnits[0].id_order_unit, orderUnits[2].id_order_unit]);
		// Two statuses: the list is read without the filter and the trigger keeps the chosen ones (api-rules.md W3).
		expect(bench.since().map((entry) => entry.query.status)).toEqual([undefined]);
	});
});

describe('Return Created or Changed', () => {
	it('emits a return when it changes, with its new status', async () => {
		const host = await published({ event: 'returnChanged' });
		await control().advance(1);
		control().setStatus('returns', 2, 'package_sent');

		const items = await host.tick();

		expect(items).toEqual([expect.objectContaining({ id_return: 2, status: 'package_sent' })]);
		expect(bench.since()[0]).toMatchObject({
			path: '/returns/seller/',
			query: expect.objectContaining({ sort: 'ts_updated:desc' }),
		});
		expect(bench.since()[0].query.status).toBeUndefined();
		expect(await host.tick()).toBeUndefined();
	});

	it('with Return Statuses, only returns in those statuses', async () => {
		const host = await published({ event: 'returnChanged', returnStatuses: ['package_received'] });
		await control().advance(1);
		control().setStatus('returns', 1, 'label_generated');
		control().setStatus('returns', 3, 'package_received');

		expect(ids(await host.tick(), 'id_return')).toEqual([3]);
		expect(bench.since()[0].query.status).toBeUndefined();
		expect(bench.since()[1].query.status).toBe('package_received');
	});
});

describe('New Ticket and New Ticket Message', () => {
	it('emits a ticket opened after publishing', async () => {
		const host = await published({ event: 'ticketNew' });
		await control().advance(1);
		const { orderUnits } = await control().createOrder({ status: 'sent' });
		await act({
			resource: 'ticket',
			operation: 'open',
			orderUnitIds: String(orderUnits[0].id_order_unit),
			reason: 'contact_other',
			message: 'Hallo',
		});
		bench.mark();

		const items = await host.tick();

		expect(items).toHaveLength(1);
		expect(items?.[0]).toMatchObject({ status: 'opened', ids_order_unit: [String(orderUnits[0].id_order_unit)] });
		expect(bench.since()[0]).toMatchObject({
			path: '/tickets/seller/',
			query: expect.objectContaining({ sort: 'ts_created:desc' }),
		});
	});

	it('emits each new ticket message once; the list is read whole because its order is not documented', async () => {
		const host = bench.host({ event: 'ticketMessageNew' });
		await host.activate();
		// The newest message is looked for at both ends of the list, then the window before it is read.
		const total = control().db.ticketMessages.length;
		expect(bench.since().map((entry) => entry.query)).toEqual([
			{ limit: '1', offset: '0' },
			{ limit: '1', offset: String(total - 1) },
			expect.objectContaining({ timestamp_from: expect.any(String), limit: '30', offset: '0' }),
		]);
		await control().advance(1);
		const ticket = control().db.tickets[0];
		await act({
			resource: 'ticketMessage',
			operation: 'send',
			ticketId: { __rl: true, mode: 'id', value: ticket.id_ticket },
			text: 'Ist unterwegs.',
		});
		bench.mark();

		const items = await host.tick();

		expect(items).toEqual([
			expect.objectContaining({
				id_ticket: ticket.id_ticket,
				text: 'Ist unterwegs.',
				author: { role: 'seller', name: 'Seller' },
			}),
		]);
		expect(bench.since()[0]).toMatchObject({ path: '/ticket-messages/seller/' });
		expect(bench.since()[0].query.sort).toBeUndefined();
		expect(await host.tick()).toBeUndefined();
	});
});

describe('Unit Out of Stock', () => {
	const setAmount = (amount: number) =>
		act({ resource: 'unit', operation: 'update', unitId: '500001', updateFields: { amount } });

	it('emits an offer when its stock reaches 0, once, and again after it was back in stock', async () => {
		const host = bench.host({ event: 'unitOutOfStock' });
		await host.activate();
		// Offers already out of stock when publishing are known, not emitted.
		expect(pollState(host.staticData)?.reported).toEqual(['500010', '500020', '500030', '500040']);
		expect(bench.since().map(asked)).toEqual([
			{ method: 'GET', path: '/units/seller/', query: { limit: '30', offset: '0' } },
			{ method: 'GET', path: '/units/seller/', query: { limit: '10', offset: '30' } },
		]);

		await setAmount(0);
		expect(await host.tick()).toEqual([expect.objectContaining({ id_unit: 500001, amount: 0, id_offer: 'SKU-00001' })]);
		expect(await host.tick()).toBeUndefined();
		await setAmount(5);
		expect(await host.tick()).toBeUndefined();
		await setAmount(0);
		expect(ids(await host.tick(), 'id_unit')).toEqual([500001]);
	});
});

describe('Import File Finished', () => {
	it('emits an import file once it is done', async () => {
		const host = await published({ event: 'importFileFinished' });
		await act({ resource: 'importFile', operation: 'create', uri: files.url('/stock.csv'), type: 'COMMAND' });
		for (let attempt = 0; attempt < 100 && control().db.importFiles[0]?.status !== 'DOWNLOADED'; attempt++)
			await sleep(10);
		expect(await host.tick()).toBeUndefined();

		await control().advance(30);
		const items = await host.tick();

		expect(items).toEqual([
			expect.objectContaining({ id_import_file: control().db.importFiles[0].id_import_file, status: 'DONE' }),
		]);
		// The finished states are several: the list is read without them, and the trigger keeps the finished files.
		expect(bench.since().slice(-1)[0].query.status).toBeUndefined();
		expect(await host.tick()).toBeUndefined();
	});

	it('Fetch Test Event says so when there is nothing to show yet', async () => {
		const run = await bench.host({ event: 'importFileFinished' }).fetchTestEvent();
		expect(run.error?.message).toBe('No finished import files found in the seller account yet');
	});
});

describe('Settings', () => {
	it.each([
		[
			{ event: 'orderUnitStatus', orderUnitStatuses: '={{ ["shipped"] }}' },
			'"Order Unit Statuses" has an unknown value "shipped"',
		],
		[{ event: 'orderUnitStatus', orderUnitStatuses: [] }, '"Order Unit Statuses" needs at least one value'],
		[
			{ event: 'orderNew', options: { maxItemsPerPoll: '={{ 0 }}' } },
			'"Max Items per Poll" must be a whole number from 1 to 5000, but it is 0',
		],
		[
			{ event: 'orderNew', options: { startDate: 'yesterday' } },
			'"Start Date" must be a date like 2026-11-20 or 2026-11-20T08:30:00, but it is "yesterday"',
		],
		// Issue 23: the action node's checks, not Number() and Date.UTC(), which read "0x10" as 16 and 30 February as 1 March.
		[
			{ event: 'orderNew', options: { maxItemsPerPoll: '={{ "0x10" }}' } },
			'"Max Items per Poll" must be a whole number from 1 to 5000, but it is "0x10"',
		],
		[
			{ event: 'orderNew', options: { lookbackMinutes: '={{ "1e3" }}' } },
			'"Lookback Window (Minutes)" must be a whole number from 0 to 1440, but it is "1e3"',
		],
		[
			{ event: 'orderNew', options: { startDate: '2024-02-30' } },
			'"Start Date" must be a date like 2026-11-20 or 2026-11-20T08:30:00, but it is "2024-02-30"',
		],
		[
			{ event: 'orderNew', options: { startDate: '2031-01-01T25:61' } },
			'"Start Date" must be a date like 2026-11-20 or 2026-11-20T08:30:00, but it is "2031-01-01T25:61"',
		],
		[{ event: '={{ "orderDeleted" }}' }, '"Event" has an unknown value "orderDeleted"'],
	])('refuses %j before any request: %s', async (parameters, message) => {
		await expect(bench.host(parameters as INodeParameters).activate()).rejects.toThrow(message);
		expect(bench.since()).toEqual([]);
	});

	it('another event (or other statuses) starts afresh from now instead of using the saved cursor', async () => {
		const orders = await published({ event: 'orderNew' });
		const switched = new PollHost({
			credentials: bench.credentials,
			parameters: { event: 'ticketNew' },
			staticData: orders.staticData,
			workflowId: 'wf-switched',
		});

		await switched.activate();

		expect(switched.executions).toEqual([]);
		expect(pollState(switched.staticData)?.key).toBe('ticketNew');
	});
});
