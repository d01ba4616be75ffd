import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { fileKindField, fileKindOf, fileUrl, fileUrlField } from './fields';

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
		fileUrlField(
			'Public http(s) address the marketplace downloads the file from',
			'e.g. https://example.com/my_products.csv',
		),
	],
	async execute(itemIndex) {
		const kind = fileKindOf(this, itemIndex);
		const url = fileUrl(this, itemIndex);
		return await apiRequestData.call(this, {
			method: 'POST',
			path: kind.createPath ?? kind.path,
			body: { url },
			itemIndex,
		});
	},
});
