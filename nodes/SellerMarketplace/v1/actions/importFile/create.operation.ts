import { importFileTypeOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { checkHttpUrl, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/** POST /import-files/: asks the marketplace to download and import a CSV file (id in `Location`). */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an import file',
	attempt: 'create an import file',
	summary: 'Have the marketplace import a CSV file of product data or inventory from a URL',
	endpoint: 'POST /import-files/',
	properties: [
		{
			displayName: 'File URL',
			name: 'uri',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://shop.example.com/exports/inventory.csv',
			description: 'Public http(s) address of the CSV file; the marketplace downloads and processes it later',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: importFileTypeOptions,
			default: 'COMMAND',
			description: 'What the file holds. A full inventory (Dump) deletes every unit the file does not list.',
		},
	],
	async execute(itemIndex) {
		const uri = checkHttpUrl(this, requireString(this, 'uri', itemIndex, 'File URL'), itemIndex, 'File URL');
		const type = requireString(this, 'type', itemIndex, 'Type');
		const response = await apiRequest.call(this, {
			method: 'POST',
			path: '/import-files/',
			body: { uri, type },
			itemIndex,
		});
		const ids = response.createdId === undefined ? {} : { id_import_file: Number(response.createdId) };
		return successItem(response, ids);
	},
});
