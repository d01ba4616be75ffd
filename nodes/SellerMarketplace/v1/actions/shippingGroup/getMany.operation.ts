import { returnAllOrLimit } from '../../descriptions/common';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /shipping-groups/seller/: the seller's shipping group names (used by units' `shipping_group`). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many shipping groups',
	attempt: 'get many shipping groups',
	summary: 'List your shipping groups',
	endpoint: 'GET /shipping-groups/seller/',
	properties: [...returnAllOrLimit()],
	async execute(itemIndex) {
		return await readGetManyV1.call(this, itemIndex, { path: '/shipping-groups/seller/', idField: 'name' });
	},
});
