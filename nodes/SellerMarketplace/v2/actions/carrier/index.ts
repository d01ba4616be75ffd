import { defineResource } from '../../../actions/define';
import { getMany } from './getMany.operation';

export const carrier = defineResource({
	value: 'carrier',
	name: 'Carrier',
	defaultOperation: 'getMany',
	operations: [getMany],
});
