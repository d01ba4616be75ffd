import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { apiRequestAllItems } from '../../transport';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['shippingGroup'], operation: ['getMany'] } }, properties);

/** GET /shipping-groups/seller/: the seller's shipping group names (used by units' `shipping_group`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems.call(
		this,
		{ path: '/shipping-groups/seller/', idField: 'name', itemIndex },
		{
			returnAll: this.getNodeParameter('returnAll', itemIndex) as boolean,
			limit: this.getNodeParameter('limit', itemIndex, 50) as number,
		},
	);
	return this.helpers.returnJsonArray(records);
}
