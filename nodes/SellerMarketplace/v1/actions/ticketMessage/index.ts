import { defineResource } from '../../../actions/define';
import { getMany } from './getMany.operation';
import { send } from './send.operation';

export const ticketMessage = defineResource({
	value: 'ticketMessage',
	name: 'Ticket Message',
	defaultOperation: 'send',
	operations: [send, getMany],
});
