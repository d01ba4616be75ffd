import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { fileKindField, fileKindOf, getImportFileId, importFileIdField } from './fields';

/** GET {path of the file type}/{id_import_file}: status, lines read, errors. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an import file',
	attempt: ['get import file {importFileId}', 'get an import file'],
	summary: 'Read the status of an import file: downloading, importing, done or failed, with lines and errors',
	endpoint: ['GET /product-data/import-files/{id_import_file}', 'GET /variant-suggestions/feed/{id_import_file}'],
	properties: [fileKindField, importFileIdField],
	async execute(itemIndex) {
		const kind = fileKindOf(this, itemIndex);
		const id = getImportFileId(this, itemIndex);
		return await apiRequestData.call(this, { method: 'GET', path: `${kind.path}/${id}`, itemIndex });
	},
});
