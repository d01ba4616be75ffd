import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest, downloadFile } from '../../../../api/v1';
import { invoiceIdField } from './common';
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
	endpoint: { method: 'GET', path: '/order-invoices/{id}/' },
	properties: [invoiceIdField, binaryOutputField('Binary field of the output item that receives the invoice file')],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');

		const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/order-invoices/${id}/`, itemIndex });
		const { url, ...invoice } = (response.body ?? {}) as IDataObject;
		if (typeof url !== 'string' || !url) {
			throw new NodeOperationError(
				this.getNode(),
				`The order invoice ${id} has no download address [item ${itemIndex}]`,
				{ itemIndex },
			);
		}

		const file = await downloadFile.call(this, url, itemIndex);
		const fileName =
			typeof invoice.original_name === 'string' && invoice.original_name ? invoice.original_name : `invoice-${id}`;
		const mimeType =
			typeof invoice.mime_type === 'string' && invoice.mime_type
				? invoice.mime_type
				: file.contentType?.split(';')[0].trim();
		const binary = await this.helpers.prepareBinaryData(file.data, fileName, mimeType);
		return new FileItem(invoice, { [binaryPropertyName]: binary });
	},
});
