import type { INodeProperties } from 'n8n-workflow';

/** The subscription to act on: picked from the account's subscriptions, or an ID from an expression. */
export function subscriptionField(action: string): INodeProperties {
	return {
		displayName: 'Subscription Name or ID',
		name: 'subscriptionId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getSubscriptions' },
		default: '',
		required: true,
		description: `The subscription to ${action}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
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
