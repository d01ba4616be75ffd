import { defineOperation } from '../../../actions/define';
import { eanField, localeField, productDataFields, writeProductData } from './fields';

/** PUT /product-data?locale=: replaces all product data of the EAN in that language; checking it takes a while (Get Status). */
export const createOrReplace = defineOperation({
	value: 'createOrReplace',
	name: 'Create or Replace',
	action: 'Create or replace product data',
	attempt: ['create or replace product data for EAN {ean}', 'create or replace product data'],
	summary:
		'Upload all data of a product (attributes not sent are removed); Get Status tells when the marketplace has checked it',
	endpoint: 'PUT /product-data',
	properties: [eanField, localeField, ...productDataFields],
	async execute(itemIndex) {
		return await writeProductData(this, itemIndex, 'PUT');
	},
});
