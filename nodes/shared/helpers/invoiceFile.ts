import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Downloads from an address the API handed out: each API version's own downloadFile. */
type Download = (
	this: IExecuteFunctions,
	address: string,
	itemIndex: number,
) => Promise<{ data: Buffer; contentType?: string }>;

/**
 * Download of both API versions: the invoice's file from the address its record gives (`url`), named and typed as
 * the record says (else `invoice-<id>` and the type the download answered), and the record without that address.
 */
export async function invoiceFile(
	context: IExecuteFunctions,
	record: IDataObject,
	id: string | number,
	itemIndex: number,
	download: Download,
): Promise<{ invoice: IDataObject; binary: IBinaryData }> {
	const { url, ...invoice } = record;
	if (typeof url !== 'string' || !url) {
		throw new NodeOperationError(
			context.getNode(),
			`The order invoice ${id} has no download address [item ${itemIndex}]`,
			{
				itemIndex,
			},
		);
	}
	const file = await download.call(context, url, itemIndex);
	const fileName =
		typeof invoice.original_name === 'string' && invoice.original_name ? invoice.original_name : `invoice-${id}`;
	const mimeType =
		typeof invoice.mime_type === 'string' && invoice.mime_type
			? invoice.mime_type
			: file.contentType?.split(';')[0].trim();
	return { invoice, binary: await context.helpers.prepareBinaryData(file.data, fileName, mimeType) };
}
