import { NodeOperationError } from 'n8n-workflow';

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
	endpoint: { method: 'GET', path: '/order-invoices/{id_order}/{id_invoice}' },
	properties: [
		orderIdField,
		invoiceIdField,
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the file in',
			description: 'Binary field of the output item that receives the invoice file',
		},
	],
	async execute(itemIndex) {
		const { path, idInvoice } = invoicePath(this, itemIndex);
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');
		const { url, ...invoice } = await apiRequestData.call(this, { method: 'GET', path, itemIndex });
		if (typeof url !== 'string' || !url) {
			throw new NodeOperationError(
				this.getNode(),
				`The order invoice ${idInvoice} has no download address [item ${itemIndex}]`,
				{ itemIndex },
			);
		}
		const file = await downloadFile.call(this, url, itemIndex);
		const fileName =
			typeof invoice.original_name === 'string' && invoice.original_name
				? invoice.original_name
				: `invoice-${idInvoice}`;
		const mimeType =
			typeof invoice.mime_type === 'string' && invoice.mime_type
				? invoice.mime_type
				: file.contentType?.split(';')[0].trim();
		const binary = await this.helpers.prepareBinaryData(file.data, fileName, mimeType);
		return new FileItem(invoice, { [binaryPropertyName]: binary });
	},
});
