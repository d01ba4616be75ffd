import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField, returnAllOrLimit, sortOptions } from '../../descriptions/common';
import { returnUnitStatusOptions } from '../../../../api/v1/enums';
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
			fromDateField('Created After', 'createdFrom', 'Only returned units created at or after this time'),
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: returnUnitStatusOptions,
				default: [],
				description: 'Only returned units in one of these states',
			},
		],
	},
	sortOptions(['ts_created']),
];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['getMany'] } }, properties);

/** GET /return-units/seller/: the seller's returned units, filtered by state and creation time. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query = compact({
		status: filters.status as string[] | undefined,
		'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
		sort: chosenSort(this, itemIndex),
	});
	return await readCollection.call(this, itemIndex, { path: '/return-units/seller/', query, idField: 'id_return_unit' });
}
