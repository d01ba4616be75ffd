import { deletedItem } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { requireSubscriptionId, subscriptionField } from './shared';
import { defineOperation } from '../../../actions/define';

/** DELETE /subscriptions/{id_subscription}/: deletes at once and for good. */
export const deleteSubscription = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a subscription',
	attempt: ['delete subscription {subscriptionId}', 'delete a subscription'],
	summary: 'Delete a subscription at once and for good',
	endpoint: 'DELETE /subscriptions/{id_subscription}/',
	properties: [subscriptionField('delete')],
	async execute(itemIndex) {
		const id = requireSubscriptionId(this, itemIndex);
		const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/subscriptions/${id}/`, itemIndex });
		return deletedItem(response);
	},
});
