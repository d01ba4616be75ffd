import { eanField, productDataFields, sendProductData } from './fields';
import { defineOperation } from '../../../actions/define';

/** PUT /product-data/{ean}/: creates your product data for an EAN, or replaces it completely (201, empty body). */
export const createOrReplace = defineOperation({
	value: 'createOrReplace',
	name: 'Create or Replace',
	action: 'Create or replace product data',
	attempt: ['create or replace product data for EAN {ean}', 'create or replace product data'],
	summary: 'Upload the product data of an EAN, replacing what you uploaded before',
	endpoint: 'PUT /product-data/{ean}/',
	properties: [
		eanField,
		{
			displayName:
				'Replaces all product data you uploaded for this EAN before: attributes you leave out are removed. Use Update to change single attributes.',
			name: 'replaceNotice',
			type: 'notice',
			default: '',
		},
		...productDataFields,
	],
	async execute(itemIndex) {
		return await sendProductData(this, itemIndex, 'PUT');
	},
});
