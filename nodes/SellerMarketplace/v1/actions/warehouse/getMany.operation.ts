import { returnAllOrLimit } from '../../descriptions/common';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /warehouses/seller/: your warehouses (used by units' `warehouse`). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many warehouses',
	attempt: 'get many warehouses',
	summary: 'List your warehouses',
	endpoint: 'GET /warehouses/seller/',
	properties: [...returnAllOrLimit()],
	async execute(itemIndex) {
		return await readGetManyV1.call(this, itemIndex, { path: '/warehouses/seller/', idField: 'id_warehouse' });
	},
});
