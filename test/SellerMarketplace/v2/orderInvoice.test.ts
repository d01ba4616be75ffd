/**
 * Order Invoice (node version 2): Upload (from binary data), Get, Get Many, Download (into binary data) and
 * Delete through n8n-core against the v2 sandbox: the request the sandbox received, the items output, and the
 * invoices the sandbox holds afterwards. Download addresses carry a secret and stay out of the output.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 60, strict: true }, 'orderInvoice');

const db = () => v2.sandbox().control.db;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const merchantOrder = () =>
	db().orders.find((order) => !order._fulfilled_by_marketplace && (order._storefront ?? 'de') === 'de')!;
const invoice = () => db().orderInvoices[0];
const PDF = '%PDF-1.4\n% invoice 42\n%%EOF\n';

describe('Order Invoice → Upload', () => {
	it('uploads the binary field as base64 with its name and type; outputs the invoice without its download address', async () => {
		const order = merchantOrder();
		const before = db().orderInvoices.length;
		const run = await v2.run(
			{ operation: 'upload', orderId: byId(order.id_order), binaryPropertyName: 'invoice' },
			{
				items: [
					{ json: {}, binary: { invoice: { text: PDF, fileName: 'invoice-42.pdf', mimeType: 'application/pdf' } } },
				],
			},
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: `/order-invoices/${order.id_order}`, status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(JSON.parse(v2.requests()[0].body) as IDataObject).toEqual({
			original_name: 'invoice-42.pdf',
			mime_type: 'application/pdf',
			data: Buffer.from(PDF).toString('base64'),
		});
		expect(db().orderInvoices).toHaveLength(before + 1);
		const stored = db().orderInvoices.at(-1)!;
		expect(Buffer.from(stored._data_base64, 'base64').toString()).toBe(PDF);
		expect(run.items[0].json).toEqual({
			id_invoice: stored.id_invoice,
			id_order: order.id_order,
			storefront: 'de',
			is_marketplace_deemed_supplier: order.is_marketplace_deemed_supplier,
			original_name: 'invoice-42.pdf',
			mime_type: 'application/pdf',
			ts_created_iso: expect.stringMatching(/Z$/),
		});
	});

	it("File Name and MIME Type override the binary data's; Include Download Links outputs the address", async () => {
		const order = merchantOrder();
		const run = await v2.run(
			{
				operation: 'upload',
				orderId: byId(order.id_order),
				additionalFields: { fileName: ' R-2026-1.pdf ', mimeType: 'application/pdf', includeDownloadLinks: true },
			},
			{
				items: [{ json: {}, binary: { data: { text: PDF, fileName: 'x.bin', mimeType: 'application/octet-stream' } } }],
			},
		);
		expect(run.error).toBeUndefined();
		expect(JSON.parse(v2.requests()[0].body) as IDataObject).toMatchObject({
			original_name: 'R-2026-1.pdf',
			mime_type: 'application/pdf',
		});
		expect(run.items[0].json.url).toMatch(/access_token=/);
	});

	it('an item without the binary field is refused before sending, naming the field and the item', async () => {
		const run = await v2.run(
			{ operation: 'upload', orderId: byId(merchantOrder().id_order) },
			{ items: [{ json: {} }, { json: {} }] },
		);
		expect(run.error?.message).toBe('"Input Binary Field": the item has no binary property "data" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('an unknown order: the marketplace answers 404 and no invoice is stored', async () => {
		const before = db().orderInvoices.length;
		const run = await v2.run(
			{ operation: 'upload', orderId: byId('NOPE123') },
			{ items: [{ json: {}, binary: { data: { text: PDF, fileName: 'a.pdf', mimeType: 'application/pdf' } } }] },
		);
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error?.message).toContain('NOPE123');
		expect(db().orderInvoices).toHaveLength(before);
	});
});

describe('Order Invoice → Get, Get Many', () => {
	it('Get reads the invoice under its order; the download address is left out', async () => {
		const { id_invoice, id_order } = invoice();
		const run = await v2.run({ operation: 'get', orderId: byId(id_order), invoiceId: String(id_invoice) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${id_order}/${id_invoice}`,
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({ id_invoice, id_order, mime_type: 'application/pdf' });
		expect(run.items[0].json).not.toHaveProperty('url');
	});

	it('Get refuses an invoice ID that is not a number before sending', async () => {
		const run = await v2.run({ operation: 'get', orderId: byId(invoice().id_order), invoiceId: '1/../2' });
		expect(run.error?.message).toBe('"Invoice" must be a positive whole number, but it is "1/../2" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('Get Many lists every invoice of all storefronts', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			filters: { createdFrom: '2001-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/order-invoices', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({
			ts_created_from_iso: ['2001-01-01T00:00:00Z'],
			limit: ['100'],
			offset: ['0'],
		});
		expect(run.items.map((item) => item.json.id_invoice).sort()).toEqual(
			db()
				.orderInvoices.map((i) => i.id_invoice)
				.sort(),
		);
		expect(run.items.every((item) => !('url' in item.json))).toBe(true);
	});
});

describe('Order Invoice → Download', () => {
	it('puts the file into the binary field with its name and type; the address stays out of the output', async () => {
		const stored = invoice();
		const run = await v2.run({
			operation: 'download',
			orderId: byId(stored.id_order),
			invoiceId: String(stored.id_invoice),
			binaryPropertyName: 'pdf',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${stored.id_order}/${stored.id_invoice}`,
			status: 200,
		});
		const binary = run.items[0].binary!.pdf;
		expect(binary).toMatchObject({ fileName: stored.original_name, mimeType: 'application/pdf' });
		expect(Buffer.from(binary.data, 'base64').toString('base64')).toBe(stored._data_base64);
		expect(JSON.stringify(run.items[0].json)).not.toContain('access_token');
		expect(run.items[0].json).toMatchObject({ id_invoice: stored.id_invoice, id_order: stored.id_order });
	});
});

describe('Order Invoice → Delete', () => {
	it('deletes the invoice of the order; the sandbox no longer holds it', async () => {
		const { id_invoice, id_order } = invoice();
		const run = await v2.run({ operation: 'delete', orderId: byId(id_order), invoiceId: String(id_invoice) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/order-invoices/${id_order}/${id_invoice}`,
			status: 204,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(db().orderInvoices.some((i) => i.id_invoice === id_invoice)).toBe(false);
	});

	it('an invoice addressed under another order is not found and not deleted', async () => {
		const { id_invoice } = invoice();
		const other = db().orders.find((order) => order.id_order !== invoice().id_order)!;
		const run = await v2.run({ operation: 'delete', orderId: byId(other.id_order), invoiceId: String(id_invoice) });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error).toBeDefined();
		expect(db().orderInvoices.some((i) => i.id_invoice === id_invoice)).toBe(true);
	});
});
