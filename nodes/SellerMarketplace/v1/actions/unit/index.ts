import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import { withOutputShape } from '../../helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import * as create from './create.operation';
import * as deleteUnit from './delete.operation';
import * as getRecord from './get.operation';
import * as getManyRecords from './getMany.operation';
import * as update from './update.operation';

const get = withOutputShape({ resource: 'unit', operation: 'get' }, getRecord, outputShapes.unit);
const getMany = withOutputShape({ resource: 'unit', operation: 'getMany' }, getManyRecords, outputShapes.unit);

export const operations = { create, getMany, get, update, delete: deleteUnit };

export const description: INodeProperties[] = [
	operationSelector(
		'unit',
		[
			{ name: 'Create', value: 'create', action: 'Create a unit', description: 'Offer a product: price, stock, condition and delivery time' },
			{ name: 'Delete', value: 'delete', action: 'Delete a unit', description: 'Take an offer off the marketplace' },
			{ name: 'Get', value: 'get', action: 'Get a unit', description: 'Read one of your offers' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many units', description: 'List your offers' },
			{ name: 'Update', value: 'update', action: 'Update a unit', description: 'Change price, stock or other details of an offer' },
		],
		'create',
	),
	...create.description,
	...getMany.description,
	...get.description,
	...update.description,
	...deleteUnit.description,
];
