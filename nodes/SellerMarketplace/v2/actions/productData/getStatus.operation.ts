import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { eanField, localeField, productDataKey } from './fields';

/** GET /product-data/status/{ean}?locale=: how far the marketplace has checked the upload, and what it found. */
export const getStatus = defineOperation({
	value: 'getStatus',
	name: 'Get Status',
	action: 'Get the status of product data',
	attempt: ['get the status of product data for EAN {ean}', 'get the status of product data'],
	summary:
		'Read whether the uploaded data is checked (update status), whether the product is ready, and what is missing',
	endpoint: 'GET /product-data/status/{ean}',
	properties: [eanField, localeField],
	async execute(itemIndex) {
		const { ean, locale } = productDataKey(this, itemIndex);
		const status = await apiRequestData.call(this, {
			method: 'GET',
			path: apiPath`/product-data/status/${ean}`,
			query: { locale },
			itemIndex,
		});
		return { ean, locale, ...status };
	},
});
