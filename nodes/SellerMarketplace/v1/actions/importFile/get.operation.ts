import { idLocator } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/** GET /import-files/{id_import_file}/: the state of one import (status, lines done, errors). */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an import file',
	attempt: ['get import file {importFileId}', 'get an import file'],
	summary: 'Read the processing state of one import file',
	endpoint: 'GET /import-files/{id_import_file}/',
	properties: [
		idLocator({
			displayName: 'Import File',
			name: 'importFileId',
			searchListMethod: 'searchImportFiles',
			placeholder: 'e.g. 1234',
			description: 'One of your import files, picked from the list or given by its ID (id_import_file)',
		}),
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'importFileId', itemIndex, 'Import File');
		return await apiRequestRecord.call(this, { method: 'GET', path: apiPath`/import-files/${id}/`, itemIndex });
	},
});
