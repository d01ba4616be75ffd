import { requireIntegerId } from '../../../../shared/helpers/validation';
import { productIdField } from '../product/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { wholeNumber } from '../../helpers/values';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { buyboxConditionField } from './fields';

/** GET /buybox: the offers of one product ranked for the buy box (a top 10, not a paged list). */
export const getRankings = defineOperation({
	value: 'getRankings',
	name: 'Get Offer Rankings',
	action: 'Get the buy box ranking of a product',
	attempt: 'get the buy box ranking of product {id}',
	summary: 'See which offers of a product rank best for the buy box, and where yours stand',
	endpoint: 'GET /buybox',
	properties: [
		productIdField("The product, searched in the catalogue or given by the marketplace's ID of it (id_product)"),
		storefrontField,
		buyboxConditionField,
		{
			displayName: 'Number of Offers',
			name: 'topOffers',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10 },
			default: 10,
			description: 'How many of the best-ranked offers to return (1 to 10)',
		},
	],
	async execute(itemIndex) {
		const query = {
			id_product: requireIntegerId(this, 'productId', itemIndex, 'Product'),
			storefront: await requiredStorefront(this, itemIndex),
			condition: String(this.getNodeParameter('condition', itemIndex)),
			limit: wholeNumber(this, this.getNodeParameter('topOffers', itemIndex, 10), itemIndex, 'Number of Offers', {
				min: 1,
				max: 10,
			}),
		};
		return await apiRequestData.call(this, { method: 'GET', path: '/buybox', query, itemIndex });
	},
});
