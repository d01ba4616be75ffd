import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as send from './send.operation';

export const operations = { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Claims are deprecated and were replaced by tickets: use the Ticket Message resource for new workflows',
		name: 'claimMessageDeprecatedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['claimMessage'] } },
	},
	operationSelector('claimMessage', [
		{ name: 'Send (Deprecated)', value: 'send', action: 'Send a claim message (deprecated)', description: 'Deprecated: use Tickets. Answer a claim.' },
	]),
	...send.description,
];
