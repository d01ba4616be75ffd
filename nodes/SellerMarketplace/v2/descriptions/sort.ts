import type { INodeProperties } from 'n8n-workflow';

/** A `sort` dropdown: the orders an endpoint offers, as [label, API value], the first the default. */
export function sortField(orders: Array<[name: string, value: string]>): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		default: '',
		description: 'Order of the results',
	};
	return { ...field, options: orders.map(([name, value]) => ({ name, value })), default: orders[0][1] };
}

/**
 * The `sort` of lists the API sorts newest first only, by creation or by the last change: `created` and `updated`
 * are the endpoint's names for those times (`ts_created`, or `ts_created_iso` on tickets).
 */
export function newestFirstSort(created: string, updated: string): INodeProperties {
	return sortField([
		['Created, Newest First', `${created}:desc`],
		['Updated, Newest First', `${updated}:desc`],
	]);
}
