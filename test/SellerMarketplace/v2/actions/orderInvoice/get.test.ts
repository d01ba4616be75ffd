/** Order Invoice → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useOrderInvoiceSandbox, byId } from './setup';

const { v2, invoice } = useOrderInvoiceSandbox();

describe('Order Invoice → Get', () => {
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
});
