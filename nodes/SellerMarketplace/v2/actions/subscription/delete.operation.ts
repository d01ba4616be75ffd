import { deletedItem } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getSubscriptionId, subscriptionField } from './fields';

/** DELETE /subscriptions/{id_subscription} (204): at once and for good. */
export const deleteSubscription = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a subscription',
	attempt: ['delete subscription {subscriptionId}', 'delete a subscription'],
	summary: 'Delete a subscription at once and for good',
	endpoint: 'DELETE /subscriptions/{id_subscription}',
	properties: [subscriptionField('delete')],
	async execute(itemIndex) {
		const id = getSubscriptionId(this, itemIndex);
		return deletedItem(
			await apiRequest.call(this, { method: 'DELETE', path: apiPath`/subscriptions/${id}`, itemIndex }),
		);
	},
});
