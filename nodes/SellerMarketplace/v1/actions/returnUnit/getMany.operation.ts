import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField, listFields, sortOptions } from '../../descriptions/common';
import { returnUnitStatusOptions } from '../../../../api/v1/enums';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /return-units/seller/: the seller's returned units, filtered by state and creation time. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many returned units',
	attempt: 'get many returned units',
	summary: 'List your returned units',
	endpoint: 'GET /return-units/seller/',
	properties: [
		...listFields([
			fromDateField('Created After', 'createdFrom', 'Only returned units created at or after this time'),
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: returnUnitStatusOptions,
				default: [],
				description: 'Only returned units in one of these states',
			},
		]),
		sortOptions(['ts_created']),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			status: filters.status as string[] | undefined,
			'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetManyV1.call(this, itemIndex, {
			path: '/return-units/seller/',
			query,
			idField: 'id_return_unit',
		});
	},
});
