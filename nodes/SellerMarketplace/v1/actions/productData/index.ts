import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as deleteProductData from './delete.operation';
import * as get from './get.operation';
import * as getStatus from './getStatus.operation';
import * as update from './update.operation';
import * as createOrReplace from './createOrReplace.operation';

export const operations = { createOrReplace, update, delete: deleteProductData, getStatus, get };

export const description: INodeProperties[] = [
	operationSelector(
		'productData',
		[
			{ name: 'Create or Replace', value: 'createOrReplace', action: 'Create or replace product data', description: 'Upload the product data of an EAN, replacing what you uploaded before' },
			{ name: 'Delete', value: 'delete', action: 'Delete product data', description: 'Remove the product data you uploaded for an EAN' },
			{ name: 'Get', value: 'get', action: 'Get product data', description: 'Read the product data you uploaded for an EAN' },
			{ name: 'Get Status', value: 'getStatus', action: 'Get the product data status', description: 'See whether the product data of an EAN was checked and accepted' },
			{ name: 'Update', value: 'update', action: 'Update product data', description: 'Change single attributes of product data you uploaded before' },
		],
		'createOrReplace',
	),
	...createOrReplace.description,
	...update.description,
	...deleteProductData.description,
	...getStatus.description,
	...get.description,
];
