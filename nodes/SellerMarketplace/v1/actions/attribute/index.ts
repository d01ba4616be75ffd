import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	operationSelector('attribute', [
		{ name: 'Get', value: 'get', action: 'Get a category attribute', description: 'Read one attribute of product data: its name, type and whether it takes several values' },
	]),
	...get.description,
];
