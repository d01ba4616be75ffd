import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../../../shared/helpers/validation';
import { listFields } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { eventField } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /subscriptions: 30 a page, the endpoint's maximum. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many subscriptions',
	attempt: 'get many subscriptions',
	summary: 'List your push-notification subscriptions',
	endpoint: 'GET /subscriptions',
	properties: listFields(storefrontFilterField, [eventField('Only subscriptions to this event')]),
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({ storefront: await storefrontOf(this, itemIndex), event_name: filters.eventName });
		return await readGetMany(this, itemIndex, {
			path: '/subscriptions',
			query,
			pageSize: pageSizeOf('/subscriptions'),
			idField: 'id_subscription',
		});
	},
});
