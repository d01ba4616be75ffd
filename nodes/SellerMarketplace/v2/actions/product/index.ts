import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { search } from './search.operation';

export const product = defineResource({
	value: 'product',
	name: 'Product',
	defaultOperation: 'get',
	operations: [get, search],
});
