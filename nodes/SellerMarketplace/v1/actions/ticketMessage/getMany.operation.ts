import type { IDataObject } from 'n8n-workflow';

import { fromDateField, listFields } from '../../descriptions/common';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /ticket-messages/seller/: messages of all the seller's tickets, from buyers, the seller and customer service. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many ticket messages',
	attempt: 'get many ticket messages',
	summary: 'List the messages of your tickets',
	endpoint: 'GET /ticket-messages/seller/',
	properties: [
		...listFields([fromDateField('Written From', 'writtenFrom', 'Only messages written at or after this time')]),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({ timestamp_from: toApiTimestamp(this, filters.writtenFrom, itemIndex, 'Written From') });
		return await readGetManyV1.call(this, itemIndex, {
			path: '/ticket-messages/seller/',
			query,
			idField: 'id_ticket_message',
		});
	},
});
