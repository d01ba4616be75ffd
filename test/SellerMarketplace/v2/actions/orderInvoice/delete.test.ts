/** Order Invoice → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useOrderInvoiceSandbox, byId } from './setup';

const { v2, db, invoice } = useOrderInvoiceSandbox();

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
