/**
 * Issue 11, item 14: invoice download links carry their secret (`access_token`, or `key` in an order unit's
 * invoice) and went into the output of Order Invoice Get / Get Many and of the order unit and order reads,
 * where they end up in execution logs. They are left out unless "Include Download Links" is on; Download
 * needs no link.
 */
import type { IDataObject } from 'n8n-workflow';

import { runSellerNode } from '../harness/workflow';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox({}, { resetEachTest: false });

beforeEach(() => env.sandbox().control.reset());

const SECRET_LINK = /[?&](access_token|key)=/;
const invoice = () => env.sandbox().control.db.orderInvoices[0];
const unitWithInvoice = () =>
	env.sandbox().control.db.orderUnits.find((unit) => !unit._fulfilled_by_marketplace && unit.invoice?.url)!;
const orderOfInvoice = () => invoice().id_order;

const operations: Array<[string, () => IDataObject, () => string[]]> = [
	[
		'Order Invoice → Get',
		() => ({ resource: 'orderInvoice', operation: 'get', invoiceId: String(invoice().id_invoice) }),
		() => [invoice().url],
	],
	[
		'Order Invoice → Get Many',
		() => ({ resource: 'orderInvoice', operation: 'getMany', returnAll: true }),
		() => env.sandbox().control.db.orderInvoices.map((entry) => entry.url),
	],
	[
		'Order Unit → Get',
		() => ({
			resource: 'orderUnit',
			operation: 'get',
			orderUnitId: { __rl: true, mode: 'id', value: String(unitWithInvoice().id_order_unit) },
		}),
		() => [unitWithInvoice().invoice!.url as string],
	],
	[
		'Order Unit → Get Many',
		() => ({ resource: 'orderUnit', operation: 'getMany', returnAll: false, limit: 60, filters: {} }),
		() => [],
	],
	[
		'Order → Get with invoices and units',
		() => ({
			resource: 'order',
			operation: 'get',
			orderId: { __rl: true, mode: 'id', value: orderOfInvoice() },
			embedded: ['order_invoices', 'seller_units'],
		}),
		() => [invoice().url],
	],
];

describe.each(operations)('%s', (_name, parameters, links) => {
	it('outputs no link with a secret by default, and keeps every other field', async () => {
		const run = await runSellerNode(env.credentials(), { parameters: parameters() });
		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
		const output = JSON.stringify(run.items.map((item) => item.json));
		expect(output).not.toMatch(SECRET_LINK);
		for (const link of links()) expect(output).not.toContain(link);
		if (parameters().resource === 'orderInvoice') {
			for (const item of run.items)
				expect(Object.keys(item.json).sort()).toEqual([
					'id_invoice',
					'id_order',
					'mime_type',
					'original_name',
					'ts_created',
				]);
		}
	});

	it('with "Include Download Links" on, outputs them as the API gave them', async () => {
		const run = await runSellerNode(env.credentials(), {
			parameters: { ...parameters(), options: { includeDownloadLinks: true } },
		});
		expect(run.error).toBeUndefined();
		const output = JSON.stringify(run.items.map((item) => item.json));
		expect(output).toMatch(SECRET_LINK);
		for (const link of links()) expect(output).toContain(JSON.stringify(link).slice(1, -1));
	});
});

it('Order Invoice → Download still fetches the file without the link in the output', async () => {
	const run = await runSellerNode(env.credentials(), {
		parameters: {
			resource: 'orderInvoice',
			operation: 'download',
			invoiceId: String(invoice().id_invoice),
			binaryPropertyName: 'data',
		},
	});
	expect(run.error).toBeUndefined();
	expect(run.items[0].binary?.data).toBeDefined();
	expect(JSON.stringify(run.items[0].json)).not.toMatch(SECRET_LINK);
});
