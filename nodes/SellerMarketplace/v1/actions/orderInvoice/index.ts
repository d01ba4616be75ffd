import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as deleteInvoice from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as upload from './upload.operation';

export const operations = { delete: deleteInvoice, download, get, getMany, upload };

export const description: INodeProperties[] = [
	operationSelector(
		'orderInvoice',
		[
			{ name: 'Delete', value: 'delete', action: 'Delete an order invoice', description: 'Remove an invoice you uploaded' },
			{ name: 'Download', value: 'download', action: 'Download an order invoice', description: 'Get the invoice file as binary data' },
			{ name: 'Get', value: 'get', action: 'Get an order invoice', description: 'Get the record of one invoice' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many order invoices', description: 'List the invoices of your orders' },
			{ name: 'Upload', value: 'upload', action: 'Upload an order invoice', description: 'Attach an invoice file from a binary field to an order' },
		],
		'upload',
	),
	...deleteInvoice.description,
	...download.description,
	...get.description,
	...getMany.description,
	...upload.description,
];
