import { compact } from '../../../../shared/helpers/validation';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { apiRequestDataList } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /info/vat-indicators: per storefront, the percentage behind each VAT rate a unit can name. */
export const getVatRates = defineOperation({
	value: 'getVatRates',
	name: 'Get VAT Rates',
	action: 'Get the VAT rates',
	attempt: 'get the VAT rates',
	summary: 'List the VAT rate (percent) behind each VAT indicator, per storefront',
	endpoint: 'GET /info/vat-indicators',
	properties: [{ ...storefrontFilterField, description: 'Only the VAT rates of this storefront (country)' }],
	async execute(itemIndex) {
		const query = compact({ storefront: await storefrontOf(this, itemIndex) });
		return await apiRequestDataList.call(this, { method: 'GET', path: '/info/vat-indicators', query, itemIndex });
	},
});
