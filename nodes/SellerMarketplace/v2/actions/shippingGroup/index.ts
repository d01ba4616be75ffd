import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const shippingGroup = defineResource({
	value: 'shippingGroup',
	name: 'Shipping Group',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
