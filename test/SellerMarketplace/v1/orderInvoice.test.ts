/**
 * Order Invoice: list, read, upload from a binary field, delete and download into a binary field,
 * run through n8n-core against the sandbox.
 */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// two invoices a page, so the three seeded invoices take two pages
	sandbox = await startStrictSandbox({ pageLimits: { '/order-invoices/seller/': 2 } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const invoices = () => sandbox.control.db.orderInvoices;
/** A seeded invoice as the API shows it: without the sandbox's own `_` fields. */
const publicInvoice = (index: number) => {
	const { _access_token: _token, _data_base64: _data, ...invoice } = invoices()[index];
	return invoice;
};
/** An invoice as the node outputs it by default: without its download address, which holds a secret token. */
const outputInvoice = (index: number) => {
	const { url: _url, ...invoice } = publicInvoice(index);
	return invoice;
};
/** An order the seller may attach an invoice to (not fulfilled by the marketplace). */
const sellerOrderId = () => sandbox.control.db.orders.find((order) => !order._fulfilled_by_marketplace)!.id_order;

describe('Order Invoice → Get Many', () => {
	it('Return All reads every page and outputs one item per invoice', async () => {
		expect(invoices().length).toBeGreaterThan(2);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'getMany', returnAll: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual(invoices().map((_, index) => outputInvoice(index)));
		expect(run.items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(requests().length).toBeGreaterThan(1);
		for (const request of requests()) {
			expect(request).toMatchObject({
				method: 'GET',
				path: '/order-invoices/seller/',
				status: 200,
				signatureValid: true,
			});
		}
		expect(requests()[0].query).toEqual({ limit: '30', offset: '0' });
	});

	it('Limit stops after the given number of invoices', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'getMany', returnAll: false, limit: 1 },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([outputInvoice(0)]);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/order-invoices/seller/',
			query: { limit: '1', offset: '0' },
			signatureValid: true,
		});
	});
});

describe('Order Invoice → Get', () => {
	it('reads one invoice by its ID', async () => {
		const invoice = publicInvoice(1);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'get', invoiceId: String(invoice.id_invoice) },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([outputInvoice(1)]);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${invoice.id_invoice}/`,
			query: {},
			signatureValid: true,
		});
	});

	it('an unknown invoice is reported as not found, naming the ID', async () => {
		const unknownId = Math.max(...invoices().map((invoice) => invoice.id_invoice)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'get', invoiceId: String(unknownId) },
		});
		expect(run.error?.message).toBe(`Could not get order invoice ${unknownId}: it was not found`);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${unknownId}/`,
			status: 404,
			signatureValid: true,
		});
	});
});

describe('Order Invoice → Upload', () => {
	const pdf = '%PDF-1.4\n% Rechnung 2026-0042 für Käufer\n%%EOF\n';

	it('sends the binary field as base64 with its file name and MIME type, and outputs the new invoice ID', async () => {
		const idOrder = sellerOrderId();
		const before = invoices().length;
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'upload',
				orderId: { __rl: true, mode: 'id', value: idOrder },
				binaryPropertyName: 'invoice',
			},
			items: [
				{ json: {}, binary: { invoice: { text: pdf, fileName: 'rechnung-0042.pdf', mimeType: 'application/pdf' } } },
			],
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		const request = requests()[0];
		expect(request).toMatchObject({ method: 'POST', path: '/order-invoices/', query: {}, signatureValid: true });
		expect(request.json).toEqual({
			id_order: idOrder,
			original_name: 'rechnung-0042.pdf',
			mime_type: 'application/pdf',
			data: Buffer.from(pdf, 'utf8').toString('base64'),
		});

		expect(invoices()).toHaveLength(before + 1);
		const created = invoices()[invoices().length - 1];
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_order: idOrder,
				id_invoice: created.id_invoice,
				id: String(created.id_invoice),
				location: `/order-invoices/${created.id_invoice}/`,
			},
		]);
		expect(Buffer.from(created._data_base64, 'base64').toString('utf8')).toBe(pdf);
	});

	it('File Name and MIME Type in Additional Fields override those of the binary data', async () => {
		const idOrder = sellerOrderId();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'upload',
				orderId: { __rl: true, mode: 'list', value: idOrder },
				binaryPropertyName: 'data',
				additionalFields: { fileName: 'Invoice 42.pdf', mimeType: 'application/pdf' },
			},
			items: [
				{ json: {}, binary: { data: { text: pdf, fileName: 'scan.bin', mimeType: 'application/octet-stream' } } },
			],
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({ method: 'POST', path: '/order-invoices/', signatureValid: true });
		expect(requests()[0].json).toMatchObject({
			id_order: idOrder,
			original_name: 'Invoice 42.pdf',
			mime_type: 'application/pdf',
		});
		expect(run.items[0].json).toMatchObject({ success: true, id_order: idOrder });
	});

	it('a missing binary field is refused before anything is sent, naming the field and the item', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'upload',
				orderId: { __rl: true, mode: 'id', value: sellerOrderId() },
				binaryPropertyName: 'invoice',
			},
			items: [{ json: {}, binary: { attachment: { text: pdf, fileName: 'a.pdf', mimeType: 'application/pdf' } } }],
		});
		expect(run.error?.message).toBe('"Input Binary Field": the item has no binary property "invoice" [item 0]');
		expect(run.error?.description).toBe('Binary properties on this item: attachment');
		expect(requests()).toHaveLength(0);
	});

	it('an empty order is refused before anything is sent', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'upload',
				orderId: { __rl: true, mode: 'id', value: '={{ "  " }}' },
			},
			items: [{ json: {}, binary: { data: { text: pdf, fileName: 'a.pdf', mimeType: 'application/pdf' } } }],
		});
		expect(run.error?.message).toBe('"Order" is required and cannot be empty [item 0]');
		expect(requests()).toHaveLength(0);
	});

	it('with Continue On Fail, an item without the binary field fails alone and the others are uploaded', async () => {
		const idOrder = sellerOrderId();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'upload',
				orderId: { __rl: true, mode: 'id', value: idOrder },
			},
			items: [
				{ json: {} },
				{ json: {}, binary: { data: { text: pdf, fileName: 'b.pdf', mimeType: 'application/pdf' } } },
			],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(2);
		expect(run.items[0].json.error).toBe('"Input Binary Field": the item has no binary property "data" [item 0]');
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(run.items[1].json).toMatchObject({ success: true, id_order: idOrder });
		expect(run.items[1].pairedItem).toEqual({ item: 1 });
		expect(requests()).toHaveLength(1);
		expect(requests()[0].json).toMatchObject({ original_name: 'b.pdf' });
	});
});

describe('Order Invoice → Delete', () => {
	it('deletes the invoice and outputs success with its ID', async () => {
		const { id_invoice: id } = publicInvoice(0);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'delete', invoiceId: String(id) },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/order-invoices/${id}/`,
			body: '',
			signatureValid: true,
		});
		expect(invoices().some((invoice) => invoice.id_invoice === id)).toBe(false);
	});

	it.each([
		['={{ $json.missing }}', '"Invoice" is required and cannot be empty [item 0]'],
		['12a', '"Invoice" must be a positive whole number, but it is "12a" [item 0]'],
		['-3', '"Invoice" must be a positive whole number, but it is "-3" [item 0]'],
	])('Invoice ID %j is refused before anything is sent', async (invoiceId, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'delete', invoiceId },
		});
		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});
});

describe('Order Invoice → Download', () => {
	it('puts the file into the chosen binary field and keeps the access token out of the output', async () => {
		const seeded = invoices()[2];
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderInvoice',
				operation: 'download',
				invoiceId: String(seeded.id_invoice),
				binaryPropertyName: 'invoiceFile',
			},
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(1);
		const [item] = run.items;

		expect(item.json).toEqual(outputInvoice(2));
		expect(item.binary && Object.keys(item.binary)).toEqual(['invoiceFile']);
		const file = item.binary!.invoiceFile;
		expect(file).toMatchObject({ fileName: seeded.original_name, mimeType: seeded.mime_type });
		expect(Buffer.from(file.data, 'base64')).toEqual(Buffer.from(seeded._data_base64, 'base64'));

		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${seeded.id_invoice}/`,
			signatureValid: true,
		});
		expect(requests()).toHaveLength(2);
		expect(requests()[1]).toMatchObject({
			method: 'GET',
			path: `/order-invoices/${seeded.id_invoice}/file`,
			query: { access_token: seeded._access_token },
			status: 200,
		});
		expect(JSON.stringify(run.run.data)).not.toContain(seeded._access_token);
	});

	it('an unknown invoice is reported as not found and nothing is downloaded', async () => {
		const unknownId = Math.max(...invoices().map((invoice) => invoice.id_invoice)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'download', invoiceId: String(unknownId) },
		});
		expect(run.error?.message).toBe(`Could not download order invoice ${unknownId}: it was not found`);
		expect(requests()).toHaveLength(1);
	});

	it('a failed file download does not reveal the access token', async () => {
		const seeded = invoices()[0];
		seeded.url = seeded.url.replace('access_token=', 'access_token=wrong');
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderInvoice', operation: 'download', invoiceId: String(seeded.id_invoice) },
		});
		expect(run.error).toBeDefined();
		expect(requests()).toHaveLength(2);
		expect(requests()[1].status).toBeGreaterThanOrEqual(400);
		expect(JSON.stringify(run.run.data)).not.toContain(seeded._access_token);
		expect(`${run.error?.message} ${run.error?.description}`).not.toContain('access_token');
	});
});
