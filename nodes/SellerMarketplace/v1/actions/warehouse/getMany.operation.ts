import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { readCollection } from '../../helpers/collection';

const properties: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions({ show: { resource: ['warehouse'], operation: ['getMany'] } }, properties);

/** GET /warehouses/seller/: your warehouses (used by units' `warehouse`). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await readCollection.call(this, itemIndex, { path: '/warehouses/seller/', idField: 'id_warehouse' });
}
