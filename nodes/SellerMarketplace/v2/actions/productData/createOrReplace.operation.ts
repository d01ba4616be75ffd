import { apiRequestAnyData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import {
	eanField,
	localeField,
	productDataBody,
	productDataFields,
	productDataKey,
	writtenProductData,
} from './fields';

/** PUT /product-data?locale=: replaces all product data of the EAN in that language; checking it takes a while (Get Status). */
export const createOrReplace = defineOperation({
	value: 'createOrReplace',
	name: 'Create or Replace',
	action: 'Create or replace product data',
	attempt: ['create or replace product data for EAN {ean}', 'create or replace product data'],
	summary:
		'Upload all data of a product (attributes not sent are removed); Get Status tells when the marketplace has checked it',
	endpoint: { method: 'PUT', path: '/product-data' },
	properties: [eanField, localeField, ...productDataFields],
	async execute(itemIndex) {
		const { ean, locale } = productDataKey(this, itemIndex);
		const body = productDataBody(this, itemIndex, ean);
		return writtenProductData(
			await apiRequestAnyData.call(this, { method: 'PUT', path: '/product-data', query: { locale }, body, itemIndex }),
			ean,
			locale,
		);
	},
});
