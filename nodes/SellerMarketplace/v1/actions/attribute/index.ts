import { defineResource } from '../../../actions/define';
import { get } from './get.operation';

export const attribute = defineResource({
	value: 'attribute',
	name: 'Category Attribute',
	defaultOperation: 'get',
	operations: [get],
});
