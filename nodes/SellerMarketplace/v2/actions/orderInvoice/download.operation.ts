import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { invoiceFile } from '../../../../shared/helpers/invoiceFile';
import { requireString } from '../../../../shared/helpers/validation';
import { apiRequestData, downloadFile } from '../../../../api/v2';
import { FileItem, defineOperation } from '../../../actions/define';
import { invoiceIdField, invoicePath, orderIdField } from './fields';

/**
 * Reads the invoice record, then fetches the file from its download address into a binary field. The address
 * holds a secret access token: it stays out of the output and of any error.
 */
export const download = defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download an order invoice',
	attempt: [
		'download order invoice {invoiceId}',
		'download an order invoice for order {orderId}',
		'download an order invoice',
	],
	summary: 'Get the invoice file as binary data',
	endpoint: 'GET /order-invoices/{id_order}/{id_invoice}',
	properties: [
		orderIdField,
		invoiceIdField,
		binaryOutputField('Binary field of the output item that receives the invoice file'),
	],
	async execute(itemIndex) {
		const { path, idInvoice } = invoicePath(this, itemIndex);
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');
		const record = await apiRequestData.call(this, { method: 'GET', path, itemIndex });
		const { invoice, binary } = await invoiceFile(this, record, idInvoice, itemIndex, downloadFile);
		return new FileItem(invoice, { [binaryPropertyName]: binary });
	},
});
