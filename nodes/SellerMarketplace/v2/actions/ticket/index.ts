import { defineResource } from '../../../actions/define';
import { close } from './close.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getManyMessages } from './getManyMessages.operation';
import { open } from './open.operation';
import { sendMessage } from './sendMessage.operation';

export const ticket = defineResource({
	value: 'ticket',
	name: 'Ticket',
	defaultOperation: 'getMany',
	operations: [close, get, getMany, getManyMessages, open, sendMessage],
});
