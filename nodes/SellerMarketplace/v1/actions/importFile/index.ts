import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const importFile = defineResource({
	value: 'importFile',
	name: 'Import File',
	defaultOperation: 'create',
	operations: [create, getMany, get],
});
