/**
 * Version 2 of the poll trigger: returns, tickets, ticket messages and import files, polled through n8n-core's
 * poll executor against the sandbox's /v2 (which checks every request and answer against the OpenAPI). The
 * seller's own actions go through the Seller Marketplace node (version 2); status moves through the sandbox's
 * control.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RequestLogEntry } from '../../sandbox';
import { useFileServer } from '../harness/file-server';
import type { PollHost } from '../harness/poll-host';
import { runSellerNodeV2 } from '../harness/workflow';
import { ids, pollState, sleep, startPollBench, type PollBench, resetBenchEachTest } from './helpers';

let bench: PollBench;
// The sandbox fetches import files from loopback addresses only.
const files = useFileServer();

beforeAll(async () => {
	bench = await startPollBench();
	for (const path of ['/products.csv', '/second.csv']) files.serve(path, 'ean;title\n4006381333931;Pen\n');
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const v2Requests = (): RequestLogEntry[] => bench.since().filter((entry) => entry.api === 'v2');

const host = (parameters: INodeParameters): PollHost => bench.hostV2(parameters);

/** A published trigger whose first poll is done (it marks what exists). */
async function published(parameters: INodeParameters): Promise<PollHost> {
	const trigger = host(parameters);
	await trigger.activate();
	expect(trigger.executions).toEqual([]);
	bench.mark();
	return trigger;
}

/** The seller's own action, through node version 2. */
async function act(parameters: INodeParameters) {
	const run = await runSellerNodeV2(bench.credentialsV2, { parameters });
	expect(run.error).toBeUndefined();
	bench.mark();
	return run.items.map((item) => item.json);
}

describe('Poll Trigger v2: Return Created or Changed', () => {
	it('emits a return when it changes, with its new status, asking by update time', async () => {
		const trigger = await published({ event: 'returnChanged' });
		expect(pollState(trigger.staticData)?.key).toBe('returnChanged::de');
		await control().advance(1);
		control().setStatus('returns', 2, 'package_sent');

		const items = await trigger.tick();

		expect(items).toEqual([
			expect.objectContaining({ id_return: 2, status: 'package_sent', ts_updated_iso: expect.stringMatching(/Z$/) }),
		]);
		expect(v2Requests()[0]).toMatchObject({ method: 'GET', path: '/returns' });
		expect(v2Requests()[0].query).toMatchObject({
			sort: 'ts_updated:desc',
			storefront: 'de',
			limit: '100',
			ts_updated_from_iso: expect.stringMatching(/Z$/),
		});
		expect(v2Requests()[0].query.status).toBeUndefined();
		expect(await trigger.tick()).toBeUndefined();
	});

	it('with Return Statuses, only returns in those statuses (two: the trigger keeps them, the list is read without)', async () => {
		const trigger = await published({
			event: 'returnChanged',
			returnStatuses: ['package_received', 'label_generated'],
		});
		await control().advance(1);
		control().setStatus('returns', 1, 'package_sent');
		control().setStatus('returns', 3, 'package_received');

		expect(ids(await trigger.tick(), 'id_return')).toEqual([3]);
		expect(v2Requests().map((request) => request.query.status)).toEqual([undefined]);
	});

	it('refuses a status that is not one, naming the field, before any request', async () => {
		const trigger = host({ event: 'returnChanged', returnStatuses: ['shipped'] });
		await expect(trigger.activate()).rejects.toThrow('"Return Statuses"');
		expect(v2Requests()).toEqual([]);
	});
});

describe('Poll Trigger v2: New Ticket and New Ticket Message', () => {
	it('emits a ticket opened after publishing, once, reading 30 a page newest first', async () => {
		const trigger = await published({ event: 'ticketNew' });
		await control().advance(1);
		const { orderUnits } = await control().createOrder({ status: 'sent' });
		const [opened] = await act({
			resource: 'ticket',
			operation: 'open',
			orderUnitIds: String(orderUnits[0].id_order_unit),
			reason: 'contact_other',
			message: 'Hallo',
		});

		const items = await trigger.tick();

		expect(ids(items, 'id_ticket')).toEqual([opened.id_ticket]);
		expect(items?.[0]).toMatchObject({ status: 'opened', ts_created_iso: expect.stringMatching(/Z$/) });
		expect(v2Requests()[0]).toMatchObject({ method: 'GET', path: '/tickets' });
		expect(v2Requests()[0].query).toMatchObject({
			sort: 'ts_created_iso:desc',
			storefront: 'de',
			limit: '30',
			ts_created_from_iso: expect.stringMatching(/Z$/),
		});
		expect(await trigger.tick()).toBeUndefined();
	});

	it('emits each new ticket message once, whoever wrote it', async () => {
		const trigger = await published({ event: 'ticketMessageNew' });
		await control().advance(1);
		const ticket = control().db.tickets[0];
		await act({
			resource: 'ticket',
			operation: 'sendMessage',
			ticketId: { __rl: true, mode: 'id', value: String(ticket.id_ticket) },
			text: 'Ist unterwegs.',
		});

		const items = await trigger.tick();

		expect(items).toEqual([expect.objectContaining({ id_ticket: ticket.id_ticket, text: 'Ist unterwegs.' })]);
		expect(v2Requests()[0]).toMatchObject({ method: 'GET', path: '/tickets/messages' });
		expect(v2Requests()[0].query).toMatchObject({
			sort: 'ts_created_iso:desc',
			limit: '30',
			ts_created_from_iso: expect.stringMatching(/Z$/),
		});
		expect(v2Requests()[0].query.storefront).toBeUndefined();
		expect(await trigger.tick()).toBeUndefined();
	});
});

describe('Poll Trigger v2: Import File Finished', () => {
	const importFiles = () => control().db.importFiles;

	it('emits a product data import file once it is done, not while it is processed', async () => {
		const trigger = await published({ event: 'importFileFinished' });
		await control().advance(1);
		const [created] = await act({
			resource: 'importFile',
			operation: 'create',
			fileType: 'productData',
			url: files.url('/products.csv'),
		});
		for (let attempt = 0; attempt < 200 && importFiles()[0]?.status !== 'DOWNLOADED'; attempt++) await sleep(10);
		expect(importFiles()[0].status).toBe('DOWNLOADED');
		bench.mark();

		// Read while it is being processed: the cursor moves past it, nothing is emitted.
		expect(await trigger.tick()).toBeUndefined();
		expect(v2Requests()[0]).toMatchObject({ method: 'GET', path: '/product-data/import-files' });
		expect(v2Requests()[0].query).toMatchObject({ sort: 'ts_updated:desc', limit: '100' });
		expect(v2Requests()[0].query.status).toBeUndefined();

		await control().advance(30);
		bench.mark();
		const items = await trigger.tick();

		// A look at the changes from where the last read started (the whole list), then the read: from the cursor on,
		// the API's update-time filter narrows it.
		expect(v2Requests()[0].query.ts_updated).toBeUndefined();
		expect(v2Requests()[1].query).toMatchObject({
			sort: 'ts_updated:desc',
			limit: '100',
			ts_updated: expect.stringMatching(/Z$/),
		});

		expect(items).toEqual([expect.objectContaining({ id_import_file: created.id_import_file, status: 'DONE' })]);
		expect(await trigger.tick()).toBeUndefined();
	});

	it('Fetch Test Event shows the newest finished file, and says so when there is none yet', async () => {
		const none = await host({ event: 'importFileFinished' }).fetchTestEvent();
		expect(none.error?.message).toBe('No finished import files found in the seller account yet');

		await act({
			resource: 'importFile',
			operation: 'create',
			fileType: 'productData',
			url: files.url('/products.csv'),
		});
		for (let attempt = 0; attempt < 200 && importFiles()[0]?.status !== 'DOWNLOADED'; attempt++) await sleep(10);
		await control().advance(30);
		await act({ resource: 'importFile', operation: 'create', fileType: 'productData', url: files.url('/second.csv') });

		const run = await host({ event: 'importFileFinished' }).fetchTestEvent();

		expect(run.error).toBeUndefined();
		expect(run.output('Seller Marketplace Poll Trigger').map((item) => item.json)).toEqual([
			expect.objectContaining({ uri: files.url('/products.csv'), status: 'DONE' }),
		]);
	});
});
