import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { invoiceIdField, invoicePath, orderIdField } from './fields';

/** GET /order-invoices/{id_order}/{id_invoice}: the record; its download address only when asked for. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order invoice',
	attempt: ['get order invoice {invoiceId}', 'get an order invoice for order {orderId}', 'get an order invoice'],
	summary: 'Get the file name, type and date of an invoice you uploaded',
	endpoint: 'GET /order-invoices/{id_order}/{id_invoice}',
	properties: [orderIdField, invoiceIdField, downloadLinksOptions],
	async execute(itemIndex) {
		const { path } = invoicePath(this, itemIndex);
		return applyDownloadLinksOption(
			this,
			itemIndex,
			await apiRequestData.call(this, { method: 'GET', path, itemIndex }),
		);
	},
});
