import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { eventNameOptions } from '../../../../api/v1/enums';
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
		options: [
			{
				displayName: 'Event',
				name: 'eventName',
				type: 'options',
				options: eventNameOptions,
				default: 'order_new',
				description: 'Only subscriptions to this event',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['subscription'], operation: ['getMany'] } }, properties);

/** GET /subscriptions/seller/: the seller's push-notification subscriptions. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query = compact({ event_name: filters.eventName });
	return await readCollection.call(this, itemIndex, { path: '/subscriptions/seller/', query, idField: 'id_subscription' });
}
