import { apiRequestDataList } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /info/storefront: the storefronts the seller sells in, one output item each. */
export const getStorefronts = defineOperation({
	value: 'getStorefronts',
	name: 'Get Storefronts',
	action: 'Get the storefronts',
	attempt: 'get the storefronts',
	summary: 'List the storefronts (countries) you sell in',
	endpoint: 'GET /info/storefront',
	properties: [],
	async execute(itemIndex) {
		const values = await apiRequestDataList.call(this, { method: 'GET', path: '/info/storefront', itemIndex });
		return values.map((storefront) => ({ storefront: String(storefront) }));
	},
});
