import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /shipping-groups: the groups of one storefront, 30 a page (the API's maximum). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many shipping groups',
	attempt: 'get many shipping groups',
	summary: 'List your shipping groups with their costs and transport times',
	endpoint: 'GET /shipping-groups',
	properties: [storefrontField, ...returnAllOrLimit()],
	async execute(itemIndex) {
		const storefront = await requiredStorefront(this, itemIndex);
		return await readGetMany(this, itemIndex, {
			path: '/shipping-groups',
			query: { storefront },
			pageSize: pageSizeOf('/shipping-groups'),
			idField: 'id_shipping_group',
		});
	},
});
