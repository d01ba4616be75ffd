import { defineResource } from '../../../actions/define';
import { ping } from './ping.operation';

export const status = defineResource({
	value: 'status',
	name: 'API Status',
	defaultOperation: 'ping',
	operations: [ping],
});
