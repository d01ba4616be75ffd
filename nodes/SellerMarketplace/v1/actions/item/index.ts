import { defineResource } from '../../../actions/define';
import { get } from './get.operation';
import { search } from './search.operation';

export const item = defineResource({
	value: 'item',
	name: 'Product (Item)',
	defaultOperation: 'search',
	operations: [get, search],
});
