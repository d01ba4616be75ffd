import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import { withOutputShape } from '../../helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import * as create from './create.operation';
import * as getRecord from './get.operation';
import * as getManyRecords from './getMany.operation';

const get = withOutputShape({ resource: 'return', operation: 'get' }, getRecord, outputShapes.return);
const getMany = withOutputShape({ resource: 'return', operation: 'getMany' }, getManyRecords, outputShapes.return);

export const operations = { create, get, getMany };

export const description: INodeProperties[] = [
	operationSelector(
		'return',
		[
			{ name: 'Create', value: 'create', action: 'Create a return', description: 'Open a return for order units of one order' },
			{ name: 'Get', value: 'get', action: 'Get a return', description: 'Get one return with its units and buyer' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many returns', description: 'List your returns' },
		],
		'getMany',
	),
	...create.description,
	...get.description,
	...getMany.description,
];
