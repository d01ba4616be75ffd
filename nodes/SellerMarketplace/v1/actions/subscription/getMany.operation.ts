import type { IDataObject } from 'n8n-workflow';

import { listFields } from '../../descriptions/common';
import { eventNameOptions } from '../../../../api/v1/enums';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /subscriptions/seller/: the seller's push-notification subscriptions. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many subscriptions',
	attempt: 'get many subscriptions',
	summary: 'List your subscriptions',
	endpoint: 'GET /subscriptions/seller/',
	properties: [
		...listFields([
			{
				displayName: 'Event',
				name: 'eventName',
				type: 'options',
				options: eventNameOptions,
				default: 'order_new',
				description: 'Only subscriptions to this event',
			},
		]),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({ event_name: filters.eventName });
		return await readGetManyV1.call(this, itemIndex, {
			path: '/subscriptions/seller/',
			query,
			idField: 'id_subscription',
		});
	},
});
