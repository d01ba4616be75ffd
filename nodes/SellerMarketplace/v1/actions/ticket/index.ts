import { defineResource } from '../../../actions/define';
import { close } from './close.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { open } from './open.operation';

export const ticket = defineResource({
	value: 'ticket',
	name: 'Ticket',
	defaultOperation: 'getMany',
	operations: [getMany, get, open, close],
});
