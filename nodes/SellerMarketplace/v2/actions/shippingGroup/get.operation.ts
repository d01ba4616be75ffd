import { requireIntegerId } from '../../../../shared/helpers/validation';
import { storefrontField, requiredStorefront } from '../../../../api/v2/storefront';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /shipping-groups/{id_shipping_group}: costs and transport times per region, for one storefront. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a shipping group',
	attempt: ['get shipping group {shippingGroupId}', 'get a shipping group'],
	summary: 'Get one shipping group with its regions, costs and transport times',
	endpoint: 'GET /shipping-groups/{id_shipping_group}',
	properties: [
		storefrontField,
		{
			displayName: 'Shipping Group Name or ID',
			name: 'shippingGroupId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getShippingGroups', loadOptionsDependsOn: ['storefront'] },
			default: '',
			required: true,
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'shippingGroupId', itemIndex, 'Shipping Group');
		const storefront = await requiredStorefront(this, itemIndex);
		return await apiRequestData.call(this, {
			method: 'GET',
			path: apiPath`/shipping-groups/${id}`,
			query: { storefront },
			itemIndex,
		});
	},
});
