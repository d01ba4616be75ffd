import { bounded, checkHttpUrl, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { fileKindField, fileKindOf } from './fields';

/** POST /product-data/import-files or /variant-suggestions/feed/upload-by-url: the marketplace downloads the file from the URL and imports it; Get tells how far it is. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an import file',
	attempt: 'create an import file',
	summary: 'Have the marketplace download and import a file from a URL; Get shows its progress',
	endpoint: ['POST /product-data/import-files', 'POST /variant-suggestions/feed/upload-by-url'],
	properties: [
		fileKindField,
		bounded(
			textField('File URL', 'url', 'Public http(s) address the marketplace downloads the file from', {
				required: true,
				placeholder: 'e.g. https://example.com/my_products.csv',
			}),
			{ fills: ['url'], maxLength: TEXT_CAPS.url },
		),
	],
	async execute(itemIndex) {
		const kind = fileKindOf(this, itemIndex);
		const url = checkHttpUrl(this, requireString(this, 'url', itemIndex, 'File URL'), itemIndex, 'File URL');
		return await apiRequestData.call(this, {
			method: 'POST',
			path: kind.createPath ?? kind.path,
			body: { url },
			itemIndex,
		});
	},
});
