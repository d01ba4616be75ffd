import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fromDateField, returnAllOrLimit } from '../../descriptions/common';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readCollection } from '../../helpers/collection';

const properties: INodeProperties[] = [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [fromDateField('Written From', 'writtenFrom', 'Only messages written at or after this time')],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['ticketMessage'], operation: ['getMany'] } }, properties);

/** GET /ticket-messages/seller/: messages of all the seller's tickets, from buyers, the seller and customer service. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query = compact({ timestamp_from: toApiTimestamp(this, filters.writtenFrom, itemIndex, 'Written From') });
	return await readCollection.call(this, itemIndex, { path: '/ticket-messages/seller/', query, idField: 'id_ticket_message' });
}
