import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { suggest } from './suggest.operation';

export const category = defineResource({
	value: 'category',
	name: 'Category',
	defaultOperation: 'get',
	operations: [get, getMany, suggest],
});
