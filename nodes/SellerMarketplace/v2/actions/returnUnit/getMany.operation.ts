import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { RETURN_UNIT_STATUS_TERMS } from '../../../../shared/descriptions/vocabulary';
import { compact } from '../../../../shared/helpers/validation';
import {
	collectionField,
	createdAfterFilter,
	fulfillmentTypeFilter,
	listFields,
	multiOptionsFilter,
	sharedFiltersQuery,
} from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { RETURN_UNIT_STATUSES } from '../../../../api/v2/enums';
import { newestFirstSort } from '../../descriptions/sort';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /return-units: returned order units, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many return units',
	attempt: 'get many return units',
	summary: 'List returned units, e.g. those that arrived and wait for your decision',
	endpoint: 'GET /return-units',
	properties: [
		...listFields(storefrontFilterField, [
			createdAfterFilter('Only return units created at or after this time'),
			fulfillmentTypeFilter,
			multiOptionsFilter(
				'Status',
				'status',
				RETURN_UNIT_STATUSES,
				'Only return units in one of these states, e.g. "Return Arrived" for those waiting for your decision',
				RETURN_UNIT_STATUS_TERMS,
			),
		]),
		collectionField('Options', 'options', [newestFirstSort('ts_created', 'ts_updated')], 'Add Option'),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			status: filters.status as string[] | undefined,
			...sharedFiltersQuery(this, itemIndex, filters),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/return-units',
			query,
			// The OpenAPI's `limit` of /return-units states no maximum: 100, as the returns list (/returns) takes.
			pageSize: pageSizeOf('/returns'),
			idField: 'id_return_unit',
		});
	},
});
