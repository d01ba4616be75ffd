import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getTree } from './getTree.operation';
import { suggest } from './suggest.operation';

export const category = defineResource({
	value: 'category',
	name: 'Category',
	defaultOperation: 'getMany',
	operations: [get, getMany, getTree, suggest],
});
