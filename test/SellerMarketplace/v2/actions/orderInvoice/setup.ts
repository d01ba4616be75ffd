/**
 * Order Invoice (node version 2): Upload (from binary data), Get, Get Many, Download (into binary data) and
 * Delete through n8n-core against the v2 sandbox: the request the sandbox received, the items output, and the
 * invoices the sandbox holds afterwards. Download addresses carry a secret and stay out of the output.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export const PDF = '%PDF-1.4\n% invoice 42\n%%EOF\n';

export function useOrderInvoiceSandbox() {
	const v2 = useSandboxV2({ orders: 60, strict: true }, 'orderInvoice');
	const db = () => v2.sandbox().control.db;
	const merchantOrder = () =>
		db().orders.find((order) => !order._fulfilled_by_marketplace && (order._storefront ?? 'de') === 'de')!;
	const invoice = () => db().orderInvoices[0];
	return { v2, db, merchantOrder, invoice };
}
