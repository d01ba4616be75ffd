import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { readCollection } from '../../helpers/collection';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['shippingGroup'], operation: ['getMany'] } }, properties);

/** GET /shipping-groups/seller/: the seller's shipping group names (used by units' `shipping_group`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await readCollection.call(this, itemIndex, { path: '/shipping-groups/seller/', idField: 'name' });
}
