import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /assortment-coverage/insights: up to 5,000 a page, the endpoint's maximum. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many assortment insights',
	attempt: 'get many assortment insights',
	summary: 'List products you do not offer yet, with buy box prices and demand (prices in cents)',
	endpoint: 'GET /assortment-coverage/insights',
	properties: returnAllOrLimit(),
	async execute(itemIndex) {
		return await readGetMany(this, itemIndex, {
			path: '/assortment-coverage/insights',
			query: {},
			pageSize: pageSizeOf('/assortment-coverage/insights'),
			idField: 'ean',
		});
	},
});
