import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getSubscriptionId, subscriptionField } from './fields';

/** GET /subscriptions/{id_subscription}. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a subscription',
	attempt: ['get subscription {subscriptionId}', 'get a subscription'],
	summary: 'Get one subscription',
	endpoint: 'GET /subscriptions/{id_subscription}',
	properties: [subscriptionField('read')],
	async execute(itemIndex) {
		const id = getSubscriptionId(this, itemIndex);
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/subscriptions/${id}`, itemIndex });
	},
});
