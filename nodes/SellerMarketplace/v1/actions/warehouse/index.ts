import { defineResource } from '../../../actions/define';
import { getMany } from './getMany.operation';

export const warehouse = defineResource({
	value: 'warehouse',
	name: 'Warehouse',
	defaultOperation: 'getMany',
	operations: [getMany],
});
