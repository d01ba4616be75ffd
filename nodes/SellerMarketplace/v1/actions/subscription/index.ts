import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { create, getMany, get, update, delete: deleteOperation };

export const description: INodeProperties[] = [
	operationSelector(
		'subscription',
		[
			{ name: 'Create', value: 'create', action: 'Create a subscription', description: 'Subscribe a callback URL to an event' },
			{ name: 'Delete', value: 'delete', action: 'Delete a subscription', description: 'Delete a subscription at once and for good' },
			{ name: 'Get', value: 'get', action: 'Get a subscription', description: 'Get one subscription' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many subscriptions', description: 'List your subscriptions' },
			{ name: 'Update', value: 'update', action: 'Update a subscription', description: 'Change a subscription, or turn it off and on' },
		],
		'getMany',
	),
	...create.description,
	...getMany.description,
	...get.description,
	...update.description,
	...deleteOperation.description,
];
