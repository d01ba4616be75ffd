import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from './fields';

/** The subscription to act on: picked from the account's subscriptions, or given by its numeric ID. */
export function subscriptionField(action: string): INodeProperties {
	return idLocator({
		displayName: 'Subscription',
		name: 'subscriptionId',
		searchListMethod: 'searchSubscriptions',
		placeholder: 'e.g. 1234',
		description: `The subscription to ${action}, picked from your subscriptions or given by its numeric ID (id_subscription)`,
	});
}

/** Update Fields → Active: pause a subscription, or switch it back on. */
export const subscriptionActiveField: INodeProperties = {
	displayName: 'Active',
	name: 'isActive',
	type: 'boolean',
	default: true,
	description:
		'Whether the subscription delivers notifications. Turning it on again verifies the callback URL; events that happened while it was off are not sent.',
};
