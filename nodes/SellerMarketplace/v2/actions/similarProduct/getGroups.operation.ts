import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /similar-products/groups?storefront=: 50 a page (the API's maximum). */
export const getGroups = defineOperation({
	value: 'getGroups',
	name: 'Get Groups',
	action: 'Get similar product groups',
	attempt: 'get similar product groups',
	summary:
		'List the groups of products shoppers see as interchangeable with yours, each with its price ladder (prices and gaps in cents) and a recommendation',
	endpoint: 'GET /similar-products/groups',
	properties: [storefrontField, ...returnAllOrLimit()],
	async execute(itemIndex) {
		const query = { storefront: await requiredStorefront(this, itemIndex) };
		return await readGetMany(this, itemIndex, {
			path: '/similar-products/groups',
			query,
			pageSize: pageSizeOf('/similar-products/groups'),
			idField: 'group_id',
		});
	},
});
