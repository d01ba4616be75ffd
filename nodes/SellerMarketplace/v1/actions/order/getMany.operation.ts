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
		options: [
			fromDateField('Created After', 'createdFrom', 'Only orders placed at or after this time'),
			fromDateField(
				'Units Updated After',
				'unitsUpdatedFrom',
				'Only orders with an order unit that changed (sent, cancelled, refunded...) at or after this time',
			),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['order'], operation: ['getMany'] } }, properties);

/** GET /orders/seller/: the seller's orders (orders fulfilled by the marketplace are not listed). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query = compact({
		'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
		'ts_units_updated:from': toApiTimestamp(this, filters.unitsUpdatedFrom, itemIndex, 'Units Updated After'),
	});
	return await readCollection.call(this, itemIndex, { path: '/orders/seller/', query, idField: 'id_order' });
}
