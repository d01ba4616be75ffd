import { defineOperation } from '../../../actions/define';
import { eanField, localeField, productDataFields, writeProductData } from './fields';

/** PATCH /product-data?locale=: changes the attributes sent, keeps the others. */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update product data',
	attempt: ['update product data for EAN {ean}', 'update product data'],
	summary:
		'Change some attributes of a product, keeping the others; Get Status tells when the marketplace has checked them',
	endpoint: 'PATCH /product-data',
	properties: [eanField, localeField, ...productDataFields],
	async execute(itemIndex) {
		return await writeProductData(this, itemIndex, 'PATCH');
	},
});
