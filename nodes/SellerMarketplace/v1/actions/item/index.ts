import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as get from './get.operation';
import * as search from './search.operation';

export const operations = { get, search };

export const description: INodeProperties[] = [
	operationSelector(
		'item',
		[
			{ name: 'Get', value: 'get', action: 'Get an item', description: 'Read one item (product), optionally with its category and offers' },
			{ name: 'Search', value: 'search', action: 'Search items', description: 'Find items (products) by search term or EAN' },
		],
		'search',
	),
	...get.description,
	...search.description,
];
