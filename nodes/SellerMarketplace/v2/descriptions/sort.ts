import type { INodeProperties } from 'n8n-workflow';

/** The `sort` of lists the API sorts newest first only, by creation or by the last change. */
export const newestFirstSort: INodeProperties = {
	displayName: 'Sort',
	name: 'sort',
	type: 'options',
	options: [
		{ name: 'Created, Newest First', value: 'ts_created:desc' },
		{ name: 'Updated, Newest First', value: 'ts_updated:desc' },
	],
	default: 'ts_created:desc',
	description: 'Order of the results',
};
