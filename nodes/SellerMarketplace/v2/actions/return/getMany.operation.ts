import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { RETURN_STATUS_TERMS } from '../../../../shared/descriptions/vocabulary';
import { bounded, compact, lineOfText } from '../../../../shared/helpers/validation';
import {
	collectionField,
	createdAfterFilter,
	fulfillmentTypeFilter,
	listFields,
	multiOptionsFilter,
	sharedFiltersQuery,
	textField,
	updatedAfterFilter,
} from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { newestFirstSort } from '../../descriptions/sort';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { RETURN_STATUSES } from '../../../../api/v2/enums';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { outputShapes } from '../../helpers/outputShapes';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /returns: the buyers' returns, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many returns',
	attempt: 'get many returns',
	summary: 'List returns, e.g. parcels on their way back',
	endpoint: 'GET /returns',
	output: outputShapes.return,
	properties: [
		...listFields(storefrontFilterField, [
			createdAfterFilter('Only returns created at or after this time'),
			fulfillmentTypeFilter,
			multiOptionsFilter(
				'Status',
				'status',
				RETURN_STATUSES,
				'Only returns in one of these states',
				RETURN_STATUS_TERMS,
			),
			bounded(
				textField('Tracking Code', 'trackingCode', 'Only the return with this tracking code of its parcel'),
				lineOfText('tracking_code'),
			),
			updatedAfterFilter('Only returns that changed at or after this time'),
		]),
		collectionField('Options', 'options', [newestFirstSort('ts_created', 'ts_updated')], 'Add Option'),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			status: filters.status as string[] | undefined,
			tracking_code: optionalText(filters.trackingCode),
			...sharedFiltersQuery(this, itemIndex, filters),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/returns',
			query,
			pageSize: pageSizeOf('/returns'),
			idField: 'id_return',
		});
	},
});
