import type { IDataObject } from 'n8n-workflow';

import { bounded, inputError, lineOfText, readBinary } from '../../../../shared/helpers/validation';
import { includeDownloadLinksOption, withoutSecretLinks } from '../../../../shared/helpers/output';
import { collectionField, textField } from '../../descriptions/fields';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getOrderId } from '../order/fields';
import { orderIdField } from './fields';

/** The file's name or type: the field's value, else the binary data's; required either way. */
function fileAttribute(
	context: Parameters<typeof inputError>[0],
	itemIndex: number,
	given: unknown,
	fromFile: string | undefined,
	label: string,
	example: string,
	property: string,
): string {
	const value = String(given ?? '').trim() || fromFile?.trim();
	if (!value) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" is required: the binary data in "${property}" has no ${label.toLowerCase()}`,
			`Set "${label}" under Additional Fields, e.g. ${example}.`,
		);
	}
	return value;
}

/** POST /order-invoices/{id_order}: a file from a binary field of the item becomes the order's invoice. */
export const upload = defineOperation({
	value: 'upload',
	name: 'Upload',
	action: 'Upload an order invoice',
	attempt: ['upload an order invoice for order {orderId}', 'upload an order invoice'],
	summary: 'Upload the invoice (e.g. a PDF) of an order from binary data',
	endpoint: 'POST /order-invoices/{id_order}',
	properties: [
		orderIdField,
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the input binary field containing the file',
			description: 'The invoice file (e.g. a PDF) to upload, from a binary field of the input item',
		},
		collectionField('Additional Fields', 'additionalFields', [
			bounded(
				textField('File Name', 'fileName', 'File name the buyer sees. By default the file name of the binary data.', {
					placeholder: 'e.g. invoice-2026-0042.pdf',
				}),
				lineOfText(),
			),
			bounded(
				textField('MIME Type', 'mimeType', 'Type of the file. By default the MIME type of the binary data.', {
					placeholder: 'e.g. application/pdf',
				}),
				lineOfText(),
			),
			includeDownloadLinksOption,
		]),
	],
	async execute(itemIndex) {
		const idOrder = getOrderId(this, itemIndex);
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data'));
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const file = await readBinary(this, itemIndex, property, 'Input Binary Field');
		const body = {
			original_name: fileAttribute(
				this,
				itemIndex,
				additionalFields.fileName,
				file.fileName,
				'File Name',
				'invoice-2026-0042.pdf',
				property,
			),
			mime_type: fileAttribute(
				this,
				itemIndex,
				additionalFields.mimeType,
				file.mimeType,
				'MIME Type',
				'application/pdf',
				property,
			),
			data: file.data.toString('base64'),
		};
		const invoice = await apiRequestData.call(this, {
			method: 'POST',
			path: apiPath`/order-invoices/${idOrder}`,
			body,
			itemIndex,
			fieldLabels: { original_name: 'File Name', mime_type: 'MIME Type', data: 'Input Binary Field' },
			uncertainWrite: {
				subject: 'the invoice upload',
				check: `the invoices of order ${idOrder} (Order Invoice → Get Many)`,
			},
		});
		return additionalFields.includeDownloadLinks === true ? invoice : withoutSecretLinks(invoice);
	},
});
