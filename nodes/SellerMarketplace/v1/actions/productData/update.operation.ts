import { eanField, productDataFields, sendProductData } from './fields';
import { defineOperation } from '../../../actions/define';

/** PATCH /product-data/{ean}/: changes the attributes sent, keeps the rest (204). */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update product data',
	attempt: ['update product data for EAN {ean}', 'update product data'],
	summary: 'Change single attributes of product data you uploaded before',
	endpoint: 'PATCH /product-data/{ean}/',
	properties: [
		eanField,
		{
			displayName:
				'Overwrites only the attributes you send and keeps the others. Works only for an EAN you uploaded product data for before (Create or Replace).',
			name: 'updateNotice',
			type: 'notice',
			default: '',
		},
		...productDataFields,
	],
	async execute(itemIndex) {
		return await sendProductData(this, itemIndex, 'PATCH');
	},
});
