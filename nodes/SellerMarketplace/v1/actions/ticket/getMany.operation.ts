import { returnAllOrLimit, sortOptions } from '../../descriptions/common';
import { readGetManyV1 } from '../../helpers/collection';
import { conversationFilters, conversationQuery } from './filters';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /tickets/seller/: the seller's tickets, newest first unless sorted otherwise. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many tickets',
	attempt: 'get many tickets',
	summary: 'List your tickets',
	endpoint: 'GET /tickets/seller/',
	output: outputShapes.ticket,
	properties: [...returnAllOrLimit(), conversationFilters('ticket'), sortOptions()],
	async execute(itemIndex) {
		const query = conversationQuery(this, itemIndex);
		// id_ticket is a zero-padded string: it is compared and output as the API sends it
		return await readGetManyV1.call(this, itemIndex, { path: '/tickets/seller/', query, idField: 'id_ticket' });
	},
});
