import { requireIntegerId } from '../../../../shared/helpers/validation';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { invoiceIdField, readInvoice } from './common';
import { defineOperation } from '../../../actions/define';

/** GET /order-invoices/{id}/: one invoice record (file name, MIME type, order; the download address only when asked for). */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order invoice',
	attempt: ['get order invoice {invoiceId}', 'get an order invoice'],
	summary: 'Get the record of one invoice',
	endpoint: 'GET /order-invoices/{id}/',
	properties: [invoiceIdField, downloadLinksOptions],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
		const record = await readInvoice(this, id, itemIndex);
		return applyDownloadLinksOption(this, itemIndex, record);
	},
});
