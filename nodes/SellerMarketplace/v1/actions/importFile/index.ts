import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export const operations = { create, getMany, get };

export const description: INodeProperties[] = [
	operationSelector(
		'importFile',
		[
			{ name: 'Create', value: 'create', action: 'Create an import file', description: 'Have the marketplace import a CSV file of product data or inventory from a URL' },
			{ name: 'Get', value: 'get', action: 'Get an import file', description: 'Read the processing state of one import file' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many import files', description: 'List your import files and their processing state' },
		],
		'create',
	),
	...create.description,
	...getMany.description,
	...get.description,
];
