import type { IDataObject } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { compact } from '../../../../shared/helpers/validation';
import { dateFilterField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { toIsoTimestamp } from '../../helpers/dates';
import { PRODUCT_DATA_IMPORT_FILE_STATUSES } from '../../../../api/v2/enums';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { fileKindField, fileKindOf, importFileFilters } from './fields';

/** GET /product-data/import-files or /variant-suggestions/feed: newest first, 100 a page (both lists share one status list). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many import files',
	attempt: 'get many import files',
	summary: 'List your import files, newest first',
	endpoint: ['GET /product-data/import-files', 'GET /variant-suggestions/feed'],
	properties: [
		fileKindField,
		...returnAllOrLimit(),
		importFileFilters(PRODUCT_DATA_IMPORT_FILE_STATUSES, 'DONE', [
			dateFilterField('Updated Since', 'updatedSince', 'Only files changed at or after this time', 'ts_updated'),
		]),
	],
	async execute(itemIndex) {
		const kind = fileKindOf(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			status: optionalText(filters.status),
			ts_updated: toIsoTimestamp(this, filters.updatedSince, itemIndex, 'Updated Since'),
		});
		return await readGetMany(this, itemIndex, {
			path: kind.path,
			query,
			pageSize: kind.pageSize,
			idField: 'id_import_file',
		});
	},
});
