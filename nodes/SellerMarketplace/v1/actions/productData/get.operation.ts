import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { eanField } from './fields';
import { defineOperation } from '../../../actions/define';

/** GET /product-data/{ean}/: the product data you uploaded for an EAN. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get product data',
	attempt: ['get product data for EAN {ean}', 'get product data'],
	summary: 'Read the product data you uploaded for an EAN',
	endpoint: 'GET /product-data/{ean}/',
	properties: [eanField],
	async execute(itemIndex) {
		const ean = requireEan(this, 'ean', itemIndex);
		return await apiRequestRecord.call(this, { method: 'GET', path: apiPath`/product-data/${ean}/`, itemIndex });
	},
});
