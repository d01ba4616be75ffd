import { defineResource } from '../../../actions/define';
import { cancel } from './cancel.operation';
import { fulfil } from './fulfil.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { refund } from './refund.operation';
import { send } from './send.operation';

export const orderUnit = defineResource({
	value: 'orderUnit',
	name: 'Order Unit',
	defaultOperation: 'getMany',
	operations: [get, getMany, send, fulfil, cancel, refund],
});
