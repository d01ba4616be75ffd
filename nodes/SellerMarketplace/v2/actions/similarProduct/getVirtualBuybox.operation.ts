import { identifyProductField } from '../../../../shared/descriptions/fields';
import { compact, requireEan, requireIntegerId } from '../../../../shared/helpers/validation';
import { productEanField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiRequestDataList } from '../../../../api/v2';
import { buyboxConditionField } from '../buybox/fields';
import { productIdField } from '../product/fields';
import { defineOperation } from '../../../actions/define';

/** GET /similar-products/buybox: one output item per similar product (at most 10), each with its ranked offers. */
export const getVirtualBuybox = defineOperation({
	value: 'getVirtualBuybox',
	name: 'Get Virtual Buy Box',
	action: 'Get the virtual buy box of a product',
	attempt: [
		'get the virtual buy box of product {productId}',
		'get the virtual buy box of a product for EAN {ean}',
		'get the virtual buy box of a product',
	],
	summary: 'Rank the offers of up to 10 products similar to one of yours, as shoppers compare them (prices in cents)',
	endpoint: 'GET /similar-products/buybox',
	properties: [
		identifyProductField({
			name: 'Product ID',
			value: 'id',
			description: "The marketplace's ID of the product (id_product)",
		}),
		productEanField('The EAN of one of your products'),
		productIdField('One of your products, searched by title, manufacturer or EAN, or given by its ID (id_product)', {
			identifyBy: ['id'],
		}),
		storefrontField,
		buyboxConditionField,
	],
	async execute(itemIndex) {
		const byEan = this.getNodeParameter('identifyBy', itemIndex, 'ean') === 'ean';
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			ean: byEan ? requireEan(this, 'ean', itemIndex) : undefined,
			id_product: byEan ? undefined : requireIntegerId(this, 'productId', itemIndex, 'Product'),
			condition: String(this.getNodeParameter('condition', itemIndex, 'new')),
		});
		return await apiRequestDataList.call(this, {
			method: 'GET',
			path: '/similar-products/buybox',
			query,
			itemIndex,
			fieldLabels: { id_product: 'Product', ean: 'EAN', storefront: 'Storefront', condition: 'Condition' },
		});
	},
});
