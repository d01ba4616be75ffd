import type { IDataObject } from 'n8n-workflow';

import { binaryPropertyField, orderIdField } from '../../descriptions/common';
import { successItem } from '../../helpers/output';
import { inputError, readBinary, requireId } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';
import { collectionField } from '../../../../shared/descriptions/fields';

/** POST /order-invoices/: uploads a file from a binary property as the invoice of an order. */
export const upload = defineOperation({
	value: 'upload',
	name: 'Upload',
	action: 'Upload an order invoice',
	attempt: ['upload an order invoice for order {orderId}', 'upload an order invoice'],
	summary: 'Attach an invoice file from a binary field to an order',
	endpoint: 'POST /order-invoices/',
	properties: [
		orderIdField('The order the invoice belongs to'),
		binaryPropertyField('The invoice file (e.g. a PDF) to upload, from a binary field of the input item'),
		collectionField('Additional Fields', 'additionalFields', [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. invoice-2026-0042.pdf',
				description: 'File name the buyer sees. By default the file name of the binary data.',
			},
			{
				displayName: 'MIME Type',
				name: 'mimeType',
				type: 'string',
				default: '',
				placeholder: 'e.g. application/pdf',
				description: 'Type of the file. By default the MIME type of the binary data.',
			},
		]),
	],
	async execute(itemIndex) {
		const idOrder = requireId(this, 'orderId', itemIndex, 'Order');
		const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const file = await readBinary(this, itemIndex, binaryPropertyName);

		const originalName = String(additionalFields.fileName ?? '').trim() || file.fileName?.trim();
		if (!originalName) {
			throw inputError(
				this,
				itemIndex,
				`"File Name" is required: the binary data in "${binaryPropertyName}" has no file name`,
				'Set "File Name" under Additional Fields, e.g. invoice-2026-0042.pdf.',
			);
		}
		const mimeType = String(additionalFields.mimeType ?? '').trim() || file.mimeType?.trim();
		if (!mimeType) {
			throw inputError(
				this,
				itemIndex,
				`"MIME Type" is required: the binary data in "${binaryPropertyName}" has no MIME type`,
				'Set "MIME Type" under Additional Fields, e.g. application/pdf.',
			);
		}

		const response = await apiRequest.call(this, {
			method: 'POST',
			path: '/order-invoices/',
			body: { id_order: idOrder, original_name: originalName, mime_type: mimeType, data: file.data.toString('base64') },
			itemIndex,
		});
		const ids: IDataObject = { id_order: idOrder };
		if (response.createdId !== undefined && /^\d+$/.test(response.createdId))
			ids.id_invoice = Number(response.createdId);
		return successItem(response, ids);
	},
});
