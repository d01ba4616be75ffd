/** Order Invoice → Download (node version 2), through n8n-core against the v2 sandbox. */
import { useOrderInvoiceSandbox, byId } from './setup';

const { v2, invoice } = useOrderInvoiceSandbox();

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
