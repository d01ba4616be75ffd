import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequestAllItems, type CollectionRequest } from '../transport';

/** A Get Many: honours the form's Return All / Limit and outputs one item per record. */
export async function readCollection(
	this: IExecuteFunctions,
	itemIndex: number,
	request: Omit<CollectionRequest, 'itemIndex'>,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems.call(
		this,
		{ ...request, itemIndex },
		{
			returnAll: this.getNodeParameter('returnAll', itemIndex) as boolean,
			limit: this.getNodeParameter('limit', itemIndex, 50) as number,
		},
	);
	return this.helpers.returnJsonArray(records);
}
