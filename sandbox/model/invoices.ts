/** Order invoices as both APIs store them. */
import { randomBytes } from 'crypto';
import type { SandboxCore } from '../core/sandbox-core';
import type { OrderInvoice } from '../core/types';
import { downloadUrl } from './downloads';

/** A new invoice of an order with its download token. */
export function storeInvoice(
	core: SandboxCore,
	idOrder: string,
	file: { original_name: string; mime_type: string; data: string },
): OrderInvoice {
	const id = core.store.nextId('orderInvoices');
	const token = randomBytes(24).toString('hex');
	return core.store.insert('orderInvoices', {
		id_invoice: id,
		id_order: idOrder,
		original_name: file.original_name,
		mime_type: file.mime_type,
		url: downloadUrl(core, `/order-invoices/${id}/file?access_token=${token}`),
		ts_created: core.timestamp(),
		_access_token: token,
		_data_base64: file.data,
	});
}
