import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import { withOutputShape } from '../../helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import * as cancel from './cancel.operation';
import * as fulfil from './fulfil.operation';
import * as getRecord from './get.operation';
import * as getManyRecords from './getMany.operation';
import * as refund from './refund.operation';
import * as send from './send.operation';

const get = withOutputShape({ resource: 'orderUnit', operation: 'get' }, getRecord, outputShapes.orderUnit);
const getMany = withOutputShape({ resource: 'orderUnit', operation: 'getMany' }, getManyRecords, outputShapes.orderUnit);

export const operations = { cancel, fulfil, get, getMany, refund, send };

export const description: INodeProperties[] = [
	operationSelector(
		'orderUnit',
		[
			{ name: 'Cancel', value: 'cancel', action: 'Cancel an order unit', description: 'Cancel an order unit that has not been sent' },
			{
				name: 'Fulfil',
				value: 'fulfil',
				action: 'Confirm fulfilment of an order unit',
				description: 'Confirm that an order unit is fulfilled (only for sellers obliged to confirm fulfilment)',
			},
			{ name: 'Get', value: 'get', action: 'Get an order unit', description: 'Get one order unit with buyer, addresses and item' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many order units', description: 'List your order units, e.g. those waiting to be sent' },
			{ name: 'Refund', value: 'refund', action: 'Refund an order unit', description: 'Pay back part of or the whole price of an order unit' },
			{ name: 'Send', value: 'send', action: 'Mark an order unit as sent', description: 'Report the carrier and tracking number of a shipped order unit' },
		],
		'getMany',
	),
	...get.description,
	...getMany.description,
	...send.description,
	...fulfil.description,
	...cancel.description,
	...refund.description,
];
