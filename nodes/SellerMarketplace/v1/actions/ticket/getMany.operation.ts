import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit, sortOptions } from '../../descriptions/common';
import { readCollection } from '../../helpers/collection';
import { conversationFilters, conversationQuery } from './filters';

const properties: INodeProperties[] = [...returnAllOrLimit(), conversationFilters('ticket'), sortOptions()];

export const description = updateDisplayOptions({ show: { resource: ['ticket'], operation: ['getMany'] } }, properties);

/** GET /tickets/seller/: the seller's tickets, newest first unless sorted otherwise. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const query = conversationQuery(this, itemIndex);
	// id_ticket is a zero-padded string: it is compared and output as the API sends it
	return await readCollection.call(this, itemIndex, { path: '/tickets/seller/', query, idField: 'id_ticket' });
}
