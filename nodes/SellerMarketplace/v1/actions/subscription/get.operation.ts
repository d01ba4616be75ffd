import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { requireSubscriptionId, subscriptionField } from './shared';
import { defineOperation } from '../../../actions/define';

/** GET /subscriptions/{id_subscription}/. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a subscription',
	attempt: ['get subscription {subscriptionId}', 'get a subscription'],
	summary: 'Get one subscription',
	endpoint: 'GET /subscriptions/{id_subscription}/',
	properties: [subscriptionField('read')],
	async execute(itemIndex) {
		const id = requireSubscriptionId(this, itemIndex);
		return await apiRequestRecord.call(this, { method: 'GET', path: apiPath`/subscriptions/${id}/`, itemIndex });
	},
});
