import { deletedItem } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { eanField, localeField, productDataKey } from './fields';

/** DELETE /product-data/{ean}?locale=. */
export const deleteProductData = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete product data',
	attempt: ['delete product data for EAN {ean}', 'delete product data'],
	summary: 'Remove the product data you uploaded for an EAN in one language',
	endpoint: 'DELETE /product-data/{ean}',
	properties: [eanField, localeField],
	async execute(itemIndex) {
		const { ean, locale } = productDataKey(this, itemIndex);
		return deletedItem(
			await apiRequest.call(this, {
				method: 'DELETE',
				path: apiPath`/product-data/${ean}`,
				query: { locale },
				itemIndex,
			}),
		);
	},
});
