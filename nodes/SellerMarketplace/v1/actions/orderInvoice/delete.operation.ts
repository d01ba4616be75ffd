import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItem } from '../../../../shared/helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { invoiceIdField } from './common';

const properties: INodeProperties[] = [invoiceIdField];

export const description = updateDisplayOptions({ show: { resource: ['orderInvoice'], operation: ['delete'] } }, properties);

/** DELETE /order-invoices/{id}/: removes an uploaded invoice (204, no body). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'invoiceId', itemIndex, 'Invoice');
	const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/order-invoices/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(deletedItem(response));
}
