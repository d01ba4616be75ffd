import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import { withOutputShape } from '../../helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import * as getRecord from './get.operation';
import * as getManyRecords from './getMany.operation';

const get = withOutputShape({ resource: 'order', operation: 'get' }, getRecord, outputShapes.order);
const getMany = withOutputShape({ resource: 'order', operation: 'getMany' }, getManyRecords, outputShapes.order);

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
