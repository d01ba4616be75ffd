import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as getMany from './getMany.operation';
import * as send from './send.operation';

export const operations = { send, getMany };

export const description: INodeProperties[] = [
	operationSelector(
		'ticketMessage',
		[
			{ name: 'Get Many', value: 'getMany', action: 'Get many ticket messages', description: 'List the messages of your tickets' },
			{ name: 'Send', value: 'send', action: 'Send a ticket message', description: 'Answer a ticket, optionally with attachments' },
		],
		'send',
	),
	...send.description,
	...getMany.description,
];
