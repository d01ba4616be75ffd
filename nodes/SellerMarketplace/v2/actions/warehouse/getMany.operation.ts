import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /warehouses: 30 a page (the API's maximum). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many warehouses',
	attempt: 'get many warehouses',
	summary: 'List your warehouses',
	endpoint: 'GET /warehouses',
	properties: [...returnAllOrLimit()],
	async execute(itemIndex) {
		return await readGetMany(this, itemIndex, {
			path: '/warehouses',
			query: {},
			pageSize: pageSizeOf('/warehouses'),
			idField: 'id_warehouse',
		});
	},
});
