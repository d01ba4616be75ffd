import { chosenSort } from '../../../../shared/descriptions/sort';
import { applyDownloadLinksOption, includeDownloadLinksOption } from '../../../../shared/helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { collectionField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { REPORTS_SORTINGS, toOptions } from '../../../../api/v2/enums';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /reports: 30 a page, the endpoint's maximum. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many reports',
	attempt: 'get many reports',
	summary: 'List the reports you requested, with their status',
	endpoint: 'GET /reports',
	properties: [
		storefrontFilterField,
		...returnAllOrLimit(),
		collectionField('Options', 'options', [
			includeDownloadLinksOption,
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'options',
				options: toOptions(REPORTS_SORTINGS, {
					'id_report:asc': 'Oldest First (by ID)',
					'id_report:desc': 'Newest First (by ID)',
					'date_requested:asc': 'Requested Earliest First',
					'date_requested:desc': 'Requested Latest First',
				}),
				default: 'id_report:desc',
				description: 'The order of the reports',
			},
		]),
	],
	async execute(itemIndex) {
		const query = compact({ storefront: await storefrontOf(this, itemIndex), sort: chosenSort(this, itemIndex) });
		const reports = await readGetMany(this, itemIndex, {
			path: '/reports',
			query,
			pageSize: pageSizeOf('/reports'),
			idField: 'id_report',
		});
		return applyDownloadLinksOption(this, itemIndex, reports);
	},
});
