import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as accept from './accept.operation';
import * as clarify from './clarify.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as reject from './reject.operation';
import * as repair from './repair.operation';

export const operations = { accept, clarify, get, getMany, reject, repair };

export const description: INodeProperties[] = [
	operationSelector(
		'returnUnit',
		[
			{ name: 'Accept', value: 'accept', action: 'Accept a returned unit', description: 'Accept the return of a unit' },
			{ name: 'Clarify', value: 'clarify', action: 'Ask the buyer to clarify a returned unit', description: 'Open a claim with a question to the buyer' },
			{ name: 'Get', value: 'get', action: 'Get a returned unit', description: 'Get one returned unit' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many returned units', description: 'List your returned units' },
			{ name: 'Reject', value: 'reject', action: 'Reject a returned unit', description: 'Reject the return of a unit, with a message to the buyer' },
			{ name: 'Repair', value: 'repair', action: 'Send a returned unit to repair', description: 'Have the returned unit repaired' },
		],
		'getMany',
	),
	...accept.description,
	...clarify.description,
	...get.description,
	...getMany.description,
	...reject.description,
	...repair.description,
];
