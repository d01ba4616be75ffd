import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField, listFields, sortOptions } from '../../descriptions/common';
import { importFileStatusOptions, importFileTypeOptions } from '../../../../api/v1/enums';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /import-files/seller/: your import files with their processing state. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many import files',
	attempt: 'get many import files',
	summary: 'List your import files and their processing state',
	endpoint: 'GET /import-files/seller/',
	properties: [
		...listFields([
			fromDateField('Created After', 'createdFrom', 'Only import files created at or after this time'),
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: importFileStatusOptions,
				default: 'DONE',
				description: 'Only import files in this processing state',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: importFileTypeOptions,
				default: 'COMMAND',
				description: 'Only import files of this type',
			},
			fromDateField('Updated After', 'updatedFrom', 'Only import files changed at or after this time'),
		]),
		sortOptions(),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			status: filters.status,
			type: filters.type,
			'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			'ts_updated:from': toApiTimestamp(this, filters.updatedFrom, itemIndex, 'Updated After'),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetManyV1.call(this, itemIndex, {
			path: '/import-files/seller/',
			query,
			idField: 'id_import_file',
		});
	},
});
