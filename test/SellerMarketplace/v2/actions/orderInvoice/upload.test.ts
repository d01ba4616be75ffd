/** Order Invoice → Upload (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { expectSigned } from '../../setup';
import { useOrderInvoiceSandbox, byId, PDF } from './setup';

const { v2, db, merchantOrder } = useOrderInvoiceSandbox();

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
