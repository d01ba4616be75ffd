import { deletedItem } from '../../../../shared/helpers/output';
import { apiRequest, confirmGone } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { invoiceIdField, invoicePath, orderIdField } from './fields';

/** DELETE /order-invoices/{id_order}/{id_invoice}. A retry that finds it gone (404) after a lost answer counts as done. */
export const deleteInvoice = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an order invoice',
	attempt: [
		'delete order invoice {invoiceId}',
		'delete an order invoice for order {orderId}',
		'delete an order invoice',
	],
	summary: 'Delete an invoice you uploaded, e.g. to replace it',
	endpoint: 'DELETE /order-invoices/{id_order}/{id_invoice}',
	properties: [orderIdField, invoiceIdField],
	async execute(itemIndex) {
		const { path } = invoicePath(this, itemIndex);
		return deletedItem(
			await apiRequest.call(this, {
				method: 'DELETE',
				path,
				itemIndex,
				confirmApplied: confirmGone(this, path, itemIndex),
			}),
		);
	},
});
