import { successItem } from '../../helpers/output';
import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { buildProductData, eanField, productDataFields } from './fields';
import { defineOperation } from '../../../actions/define';

/** PATCH /product-data/{ean}/: changes the attributes sent, keeps the rest (204). */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update product data',
	summary: 'Change single attributes of product data you uploaded before',
	endpoint: { method: 'PATCH', path: '/product-data/{ean}/' },
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
		const ean = requireEan(this, 'ean', itemIndex);
		const body = buildProductData(this, itemIndex, ean);
		const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/product-data/${ean}/`, body, itemIndex });
		return successItem(response, { ean });
	},
});
