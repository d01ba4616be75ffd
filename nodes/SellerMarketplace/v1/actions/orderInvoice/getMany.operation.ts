import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { readCollection } from '../../helpers/collection';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';

const properties: INodeProperties[] = [...returnAllOrLimit(), downloadLinksOptions];

export const description = updateDisplayOptions({ show: { resource: ['orderInvoice'], operation: ['getMany'] } }, properties);

/** GET /order-invoices/seller/: the invoices the seller uploaded for their orders. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await readCollection.call(this, itemIndex, { path: '/order-invoices/seller/', idField: 'id_invoice' }, (records) =>
		applyDownloadLinksOption(this, itemIndex, records),
	);
}
