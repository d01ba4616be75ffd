import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import { withOutputShape } from '../../helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import * as close from './close.operation';
import * as getRecord from './get.operation';
import * as getManyRecords from './getMany.operation';
import * as open from './open.operation';

const get = withOutputShape({ resource: 'ticket', operation: 'get' }, getRecord, outputShapes.ticket);
const getMany = withOutputShape({ resource: 'ticket', operation: 'getMany' }, getManyRecords, outputShapes.ticket);

export const operations = { getMany, get, open, close };

export const description: INodeProperties[] = [
	operationSelector(
		'ticket',
		[
			{ name: 'Close', value: 'close', action: 'Close a ticket', description: 'Close a ticket on your side' },
			{ name: 'Get', value: 'get', action: 'Get a ticket', description: 'Get a ticket, optionally with its messages' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many tickets', description: 'List your tickets' },
			{ name: 'Open', value: 'open', action: 'Open a ticket', description: 'Open a ticket with the buyer about order units of one order' },
		],
		'getMany',
	),
	...getMany.description,
	...get.description,
	...open.description,
	...close.description,
];
