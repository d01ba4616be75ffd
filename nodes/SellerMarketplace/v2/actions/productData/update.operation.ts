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

/** PATCH /product-data?locale=: changes the attributes sent, keeps the others. */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update product data',
	attempt: ['update product data for EAN {ean}', 'update product data'],
	summary:
		'Change some attributes of a product, keeping the others; Get Status tells when the marketplace has checked them',
	endpoint: { method: 'PATCH', path: '/product-data' },
	properties: [eanField, localeField, ...productDataFields],
	async execute(itemIndex) {
		const { ean, locale } = productDataKey(this, itemIndex);
		const body = productDataBody(this, itemIndex, ean);
		return writtenProductData(
			await apiRequestAnyData.call(this, {
				method: 'PATCH',
				path: '/product-data',
				query: { locale },
				body,
				itemIndex,
			}),
			ean,
			locale,
		);
	},
});
