import { deletedItem } from '../../../../shared/helpers/output';
import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { eanField } from './fields';
import { defineOperation } from '../../../actions/define';

/** DELETE /product-data/{ean}/: removes your product data; the item description then uses other sources only (204). */
export const deleteProductData = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete product data',
	attempt: ['delete product data for EAN {ean}', 'delete product data'],
	summary: 'Remove the product data you uploaded for an EAN',
	endpoint: 'DELETE /product-data/{ean}/',
	properties: [eanField],
	async execute(itemIndex) {
		const ean = requireEan(this, 'ean', itemIndex);
		const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/product-data/${ean}/`, itemIndex });
		return deletedItem(response);
	},
});
