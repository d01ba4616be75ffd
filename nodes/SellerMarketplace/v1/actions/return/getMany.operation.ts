import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField, listFields, sortOptions } from '../../descriptions/common';
import { returnStatusOptions } from '../../../../api/v1/enums';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /returns/seller/: the seller's returns, filtered by state, tracking code and dates. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many returns',
	attempt: 'get many returns',
	summary: 'List your returns',
	endpoint: 'GET /returns/seller/',
	output: outputShapes.return,
	properties: [
		...listFields([
			fromDateField('Created After', 'createdFrom', 'Only returns created at or after this time'),
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: returnStatusOptions,
				default: [],
				description: 'Only returns in one of these states',
			},
			{
				displayName: 'Tracking Code',
				name: 'trackingCode',
				type: 'string',
				default: '',
				description: 'Only the return with this parcel tracking code',
			},
			fromDateField('Updated After', 'updatedFrom', 'Only returns changed at or after this time'),
		]),
		sortOptions(),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			status: filters.status as string[] | undefined,
			tracking_code: typeof filters.trackingCode === 'string' ? filters.trackingCode.trim() : undefined,
			'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			'ts_updated:from': toApiTimestamp(this, filters.updatedFrom, itemIndex, 'Updated After'),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetManyV1.call(this, itemIndex, { path: '/returns/seller/', query, idField: 'id_return' });
	},
});
