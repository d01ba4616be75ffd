import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { apiRequestAllItems } from '../../transport';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['orderInvoice'], operation: ['getMany'] } }, properties);

/** GET /order-invoices/seller/: the invoices the seller uploaded for their orders. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems.call(
		this,
		{ path: '/order-invoices/seller/', idField: 'id_invoice', itemIndex },
		{
			returnAll: this.getNodeParameter('returnAll', itemIndex) as boolean,
			limit: this.getNodeParameter('limit', itemIndex, 50) as number,
		},
	);
	return this.helpers.returnJsonArray(records);
}
