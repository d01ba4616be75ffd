import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { eanField, localeField, productDataKey } from './fields';

/** GET /product-data/{ean}?locale=. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get product data',
	attempt: ['get product data for EAN {ean}', 'get product data'],
	summary: 'Read the product data you uploaded for an EAN',
	endpoint: 'GET /product-data/{ean}',
	properties: [eanField, localeField],
	async execute(itemIndex) {
		const { ean, locale } = productDataKey(this, itemIndex);
		return await apiRequestData.call(this, {
			method: 'GET',
			path: apiPath`/product-data/${ean}`,
			query: { locale },
			itemIndex,
		});
	},
});
