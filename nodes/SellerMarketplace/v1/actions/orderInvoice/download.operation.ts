import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { invoiceFile } from '../../../../shared/helpers/invoiceFile';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { downloadFile } from '../../../../api/v1';
import { invoiceIdField, readInvoice } from './common';
import { defineOperation, FileItem } from '../../../actions/define';

/**
 * Reads the invoice record, then fetches the file from its download address into a binary field.
 * The address carries a secret access token, so it is left out of the output and of any error.
 */
export const download = defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download an order invoice',
	attempt: ['download order invoice {invoiceId}', 'download an order invoice'],
	summary: 'Get the invoice file as binary data',
	endpoint: 'GET /order-invoices/{id}/',
	properties: [invoiceIdField, binaryOutputField('Binary field of the output item that receives the invoice file')],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');

		const record = await readInvoice(this, id, itemIndex);
		const { invoice, binary } = await invoiceFile(this, record, id, itemIndex, downloadFile);
		return new FileItem(invoice, { [binaryPropertyName]: binary });
	},
});
