import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { apiRequestAllItems } from '../../transport';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['warehouse'], operation: ['getMany'] } }, properties);

/** GET /warehouses/seller/: your warehouses (used by units' `warehouse`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems.call(
		this,
		{ path: '/warehouses/seller/', idField: 'id_warehouse', itemIndex },
		{
			returnAll: this.getNodeParameter('returnAll', itemIndex) as boolean,
			limit: this.getNodeParameter('limit', itemIndex, 50) as number,
		},
	);
	return this.helpers.returnJsonArray(records);
}
