import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	operationSelector('shippingGroup', [
		{ name: 'Get Many', value: 'getMany', action: 'Get many shipping groups', description: 'List your shipping groups' },
	]),
	...getMany.description,
];
