import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as close from './close.operation';
import * as getMany from './getMany.operation';

export const operations = { getMany, close };

export const description: INodeProperties[] = [
	{
		displayName: 'Claims are deprecated and were replaced by tickets: use the Ticket resource for new workflows',
		name: 'claimDeprecatedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['claim'] } },
	},
	operationSelector(
		'claim',
		[
			{ name: 'Close (Deprecated)', value: 'close', action: 'Close a claim (deprecated)', description: 'Deprecated: use Tickets. Close a claim.' },
			{ name: 'Get Many (Deprecated)', value: 'getMany', action: 'Get many claims (deprecated)', description: 'Deprecated: use Tickets. List your claims.' },
		],
		'getMany',
	),
	...getMany.description,
	...close.description,
];
