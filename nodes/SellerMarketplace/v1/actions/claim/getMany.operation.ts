import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortOptions } from '../../descriptions/common';
import { readCollection } from '../../helpers/collection';
import { conversationFilters, conversationQuery } from '../ticket/filters';

const properties: INodeProperties[] = [...returnAllOrLimit(), conversationFilters('claim'), sortOptions()];

export const description = updateDisplayOptions({ show: { resource: ['claim'], operation: ['getMany'] } }, properties);

/** GET /claims/seller/ (deprecated: claims were replaced by tickets). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const query = conversationQuery(this, itemIndex);
	return await readCollection.call(this, itemIndex, { path: '/claims/seller/', query, idField: 'id_claim' });
}
