import { identifyProductField } from '../../../../shared/descriptions/fields';
import { compact, requireEan } from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../descriptions/storefront';
import { wholeNumber } from '../../helpers/values';
import { apiRequestDataList } from '../../transport';
import { buyboxConditionField } from '../buybox/fields';
import { defineOperation } from '../define';

/** GET /similar-products/buybox: one output item per similar product (at most 10), each with its ranked offers. */
export const getVirtualBuybox = defineOperation({
	resource: 'similarProduct',
	value: 'getVirtualBuybox',
	name: 'Get Virtual Buy Box',
	action: 'Get the virtual buy box of a product',
	summary: 'Rank the offers of up to 10 products similar to one of yours, as shoppers compare them (prices in cents)',
	endpoint: { method: 'GET', path: '/similar-products/buybox' },
	properties: [
		identifyProductField({ name: 'Product ID', value: 'id', description: "The marketplace's ID of the product (id_product)" }),
		textField('EAN', 'ean', 'The EAN of one of your products', { required: true, placeholder: 'e.g. 4006381333931', displayOptions: { show: { identifyBy: ['ean'] } } }),
		textField('Product ID', 'productId', "The marketplace's ID of one of your products (id_product)", {
			required: true,
			placeholder: 'e.g. 8475634',
			displayOptions: { show: { identifyBy: ['id'] } },
		}),
		storefrontField,
		buyboxConditionField,
	],
	async execute(itemIndex) {
		const byEan = this.getNodeParameter('identifyBy', itemIndex, 'ean') === 'ean';
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			ean: byEan ? requireEan(this, 'ean', itemIndex) : undefined,
			id_product: byEan
				? undefined
				: wholeNumber(this, this.getNodeParameter('productId', itemIndex, ''), itemIndex, 'Product ID', { min: 1, max: Number.MAX_SAFE_INTEGER }),
			condition: String(this.getNodeParameter('condition', itemIndex, 'new')),
		});
		return await apiRequestDataList.call(this, { method: 'GET', path: '/similar-products/buybox', query, itemIndex, fieldLabels: { id_product: 'Product ID', ean: 'EAN', storefront: 'Storefront', condition: 'Condition' } });
	},
});
