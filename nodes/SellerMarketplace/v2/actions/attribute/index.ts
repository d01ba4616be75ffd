import { defineResource } from '../define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const attribute = defineResource({
	value: 'attribute',
	name: 'Attribute',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
