import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as suggest from './suggest.operation';

export const operations = { get, getMany, suggest };

export const description: INodeProperties[] = [
	operationSelector('category', [
		{ name: 'Get', value: 'get', action: 'Get a category', description: 'Read one category, optionally with its attributes' },
		{ name: 'Get Many', value: 'getMany', action: 'Get many categories', description: 'List the subcategories of a category, or search categories by name' },
		{ name: 'Suggest', value: 'suggest', action: 'Suggest categories for a product', description: 'Ask which categories fit a product (up to 5, most likely first)' },
	]),
	...get.description,
	...getMany.description,
	...suggest.description,
];
