import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const order = defineResource({
	value: 'order',
	name: 'Order',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
