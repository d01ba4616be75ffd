/** Each example workflow of examples/, in the real n8n against the sandbox. */
import type { ImportFile, OrderUnit, ProductData, ReturnUnit, Subscription, TicketMessage, Unit } from '../../sandbox/types';
import { nodeItems, sleep, WorkflowRun } from '../lib/n8n';
import { connect } from '../setup/state';
import { EXAMPLE_IDS, RESOURCE_CASES, RUN_COPIES } from '../workflows';

const { n8n, sandbox } = connect();

function expectSuccess(result: { code: number | null; exit: string; run?: WorkflowRun; output: string }): WorkflowRun {
	const error = result.run?.data.resultData.error;
	if (result.code !== 0 || result.run?.status !== 'success') {
		throw new Error(`run failed (${result.exit}): ${error ? `${error.message} ${error.description ?? ''}` : result.output.slice(-2000)}`);
	}
	return result.run;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (ok(value) || Date.now() > deadline) return value;
		await sleep(250);
	}
}

describe('new order → read it → mark units sent with tracking (published before n8n started)', () => {
	const callbackUrl = n8n.webhookUrl('5e11e400-0de4-4c1e-9a5e-00000000a001/webhook');

	test('n8n subscribed order_new for the trigger\'s webhook URL when it started', async () => {
		const subscriptions = (await sandbox.state<Subscription>('subscriptions')).filter((s) => s.callback_url === callbackUrl);
		expect(subscriptions.map((s) => [s.event_name, s.is_active])).toEqual([['order_new', true]]);
		const verified = (await sandbox.deliveries()).filter((d) => d.kind === 'verification' && d.url.startsWith(callbackUrl));
		expect(verified.some((d) => d.ok)).toBe(true);
	});

	test('a new order is read and each of its units marked sent with its tracking number', async () => {
		const afterId = await n8n.lastExecutionId();
		const mark = await sandbox.lastSeq();
		const { order, orderUnits } = await sandbox.createOrder({ units: [{ id_unit: 500005, quantity: 2 }, { id_unit: 500006 }] });
		expect(orderUnits.length).toBe(3);

		const [execution] = await n8n.waitForExecutions(EXAMPLE_IDS.orderNew, { afterId });
		expect(execution.status).toBe('success');
		expect(nodeItems(execution.runData, 'New order')[0]).toMatchObject({ event_name: 'order_new', id_order: order.id_order });
		expect(nodeItems(execution.runData, 'Read order')[0]).toMatchObject({ id_order: order.id_order });
		const sent = nodeItems(execution.runData, 'Mark unit sent');
		expect(sent.map((i) => i.id_order_unit).sort()).toEqual(orderUnits.map((u) => u.id_order_unit).sort());

		const units = (await sandbox.state<OrderUnit>('orderUnits')).filter((u) => u.id_order === order.id_order);
		for (const unit of units) {
			expect({ id: unit.id_order_unit, status: unit.status, carrier: unit._shipment?.carrier_code, tracking: unit._shipment?.tracking_number }).toEqual({
				id: unit.id_order_unit,
				status: 'sent',
				carrier: 'DHL',
				tracking: '0034' + String(unit.id_order_unit).padStart(16, '0'),
			});
		}
		const requests = await sandbox.requestsSince(mark);
		expect(requests.filter((r) => r.method === 'GET' && r.path === `/orders/${order.id_order}`).every((r) => r.signatureValid && r.status === 200)).toBe(true);
		const sends = requests.filter((r) => r.method === 'PATCH' && /^\/order-units\/\d+\/send\/$/.test(r.path));
		expect(sends.map((r) => [r.status, r.signatureValid])).toEqual(orderUnits.map(() => [204, true]));
	});
});

test('daily inventory update: a COMMAND import file that n8n serves itself is imported', async () => {
	const mark = await sandbox.lastSeq();
	const run = expectSuccess(await n8n.execute(RUN_COPIES[EXAMPLE_IDS.inventory]));
	const [created] = nodeItems(run.data.resultData.runData, 'Import inventory file');
	expect(created).toMatchObject({ success: true });
	const id = created.id_import_file as number;

	const post = (await sandbox.requestsSince(mark)).find((r) => r.method === 'POST' && r.path === '/import-files/');
	expect(post?.json).toEqual({ uri: `${n8n.baseUrl}/webhook/seller-marketplace-inventory.csv`, type: 'COMMAND' });

	const file = await eventually(
		async () => (await sandbox.state<ImportFile>('importFiles')).find((f) => f.id_import_file === id),
		(f) => f?.status === 'DONE',
	);
	expect(file).toMatchObject({ type: 'COMMAND', status: 'DONE', error_count: 0, total_lines: 2 });
	const units = await sandbox.state<Unit>('units');
	expect(units.find((u) => u.id_offer === 'SKU-00001')).toMatchObject({ amount: 25, listing_price: 9999 });
	expect(units.find((u) => u.id_offer === 'SKU-00010')).toMatchObject({ amount: 8, listing_price: 19999 });
	expect(nodeItems(run.data.resultData.runData, 'Import status')[0]).toMatchObject({ id_import_file: id });
});

test('new tickets get an interim notice', async () => {
	const open = RESOURCE_CASES.find((c) => c.resource === 'ticket' && c.operation === 'open')!;
	const opened = expectSuccess(await n8n.execute(open.workflowId));
	const ticketId = nodeItems(opened.data.resultData.runData, open.nodeName)[0].id_ticket as string;
	expect(ticketId).toBeTruthy();

	const run = expectSuccess(await n8n.execute(RUN_COPIES[EXAMPLE_IDS.tickets]));
	const answered = nodeItems(run.data.resultData.runData, 'Send interim notice').map((i) => String(i.id_ticket));
	expect(answered).toContain(String(ticketId));
	// the seeded tickets (0013163664-68) are old: none of them is answered, only tickets opened in this run
	expect(answered.filter((id) => /^001316366[4-8]$/.test(id))).toEqual([]);
	const messages = (await sandbox.state<TicketMessage>('ticketMessages')).filter((m) => m.id_ticket === String(ticketId));
	expect(messages.at(-1)).toMatchObject({ interim_notice: true, text: expect.stringMatching(/looking into it/) });
});

test('product data from a spreadsheet is uploaded and its status polled until checked', async () => {
	const run = expectSuccess(await n8n.execute(RUN_COPIES[EXAMPLE_IDS.productData]));
	const results = nodeItems(run.data.resultData.runData, 'Result');
	expect(results).toEqual(
		expect.arrayContaining([
			{ ean: '4006380100022', status: 'SUCCESS', accepted: true, reason: null },
			expect.objectContaining({ ean: '4006380100039', status: 'FAIL', accepted: false }),
		]),
	);
	const stored = (await sandbox.state<ProductData>('productData')).find((p) => p.ean === '4006380100022');
	expect(stored?.data.title).toEqual(['Espresso machine Barista Pro']);
});

test('returns that arrived are accepted', async () => {
	const before = await sandbox.state<ReturnUnit>('returnUnits');
	const arrived = before.filter((u) => u.status === 'return_arrived').map((u) => u.id_return_unit);
	expect(arrived.length).toBeGreaterThan(0);
	const run = expectSuccess(await n8n.execute(RUN_COPIES[EXAMPLE_IDS.returns]));
	expect(nodeItems(run.data.resultData.runData, 'Accept return').map((i) => i.id_return_unit).sort()).toEqual(arrived.sort());
	const after = await sandbox.state<ReturnUnit>('returnUnits');
	for (const id of arrived) expect(after.find((u) => u.id_return_unit === id)?.status).toBe('return_accepted');
});
