import { returnAllOrLimit, sortOptions } from '../../descriptions/common';
import { readGetManyV1 } from '../../helpers/collection';
import { conversationFilters, conversationQuery } from '../ticket/filters';
import { defineOperation } from '../../../actions/define';

/** GET /claims/seller/ (deprecated: claims were replaced by tickets). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many (Deprecated)',
	action: 'Get many claims (deprecated)',
	attempt: 'get many claims',
	summary: 'Deprecated: use Tickets. List your claims.',
	endpoint: 'GET /claims/seller/',
	properties: [...returnAllOrLimit(), conversationFilters('claim'), sortOptions()],
	async execute(itemIndex) {
		const query = conversationQuery(this, itemIndex);
		return await readGetManyV1.call(this, itemIndex, { path: '/claims/seller/', query, idField: 'id_claim' });
	},
});
