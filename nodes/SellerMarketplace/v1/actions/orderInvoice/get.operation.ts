import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { invoiceIdField } from './common';

const properties: INodeProperties[] = [invoiceIdField, downloadLinksOptions];

export const description = updateDisplayOptions({ show: { resource: ['orderInvoice'], operation: ['get'] } }, properties);

/** GET /order-invoices/{id}/: one invoice record (file name, MIME type, order; the download address only when asked for). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/order-invoices/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(applyDownloadLinksOption(this, itemIndex, response.body as IDataObject));
}
