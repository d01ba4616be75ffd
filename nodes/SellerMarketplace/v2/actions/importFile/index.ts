import { defineResource } from '../define';
import { create } from './create.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const importFile = defineResource({
	value: 'importFile',
	name: 'Import File',
	defaultOperation: 'getMany',
	operations: [create, get, getMany],
});
