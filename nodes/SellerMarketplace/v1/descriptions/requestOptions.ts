import type { INodeProperties } from 'n8n-workflow';

/** Settings of the transport, offered on every operation. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 5,
			description:
				'How often to retry a request the marketplace refused for too many requests (429) or failed with a server error. Creates are never retried after a server error, so nothing is created twice.',
		},
		{
			displayName: 'Page Concurrency',
			name: 'pageConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 8 },
			default: 4,
			description:
				'How many pages of a list to read at the same time when returning all results. Drops to one at a time as soon as the marketplace asks to slow down.',
		},
	],
};
