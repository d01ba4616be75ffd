import { deletedItem } from '../../../../shared/helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { invoiceIdField } from './common';
import { defineOperation } from '../../../actions/define';

/** DELETE /order-invoices/{id}/: removes an uploaded invoice (204, no body). */
export const deleteOrderInvoice = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an order invoice',
	attempt: ['delete order invoice {invoiceId}', 'delete an order invoice'],
	summary: 'Remove an invoice you uploaded',
	endpoint: 'DELETE /order-invoices/{id}/',
	properties: [invoiceIdField],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
		const response = await apiRequest.call(this, {
			method: 'DELETE',
			path: apiPath`/order-invoices/${id}/`,
			itemIndex,
		});
		return deletedItem(response);
	},
});
