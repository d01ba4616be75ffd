import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { get, getMany };

export const description: INodeProperties[] = [
	operationSelector(
		'order',
		[
			{ name: 'Get', value: 'get', action: 'Get an order', description: 'Get one order with its order units' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many orders', description: 'List your orders' },
		],
		'getMany',
	),
	...get.description,
	...getMany.description,
];
