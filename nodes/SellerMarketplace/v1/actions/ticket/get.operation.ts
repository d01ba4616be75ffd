import { embeddedField } from '../../descriptions/common';
import { requireId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { ticketLocator } from './shared';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /tickets/{id_ticket}/: one ticket, optionally with its messages, order units, buyer, item and files. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a ticket',
	attempt: ['get ticket {ticketId}', 'get a ticket'],
	summary: 'Get a ticket, optionally with its messages',
	endpoint: 'GET /tickets/{id_ticket}/',
	output: outputShapes.ticket,
	properties: [
		ticketLocator('The ticket to read'),
		embeddedField(
			['messages', 'order_units', 'buyer', 'item', 'files'],
			'Related data to include with the ticket, such as its messages',
		),
	],
	async execute(itemIndex) {
		const idTicket = requireId(this, 'ticketId', itemIndex, 'Ticket');
		return await getWithEmbedded(this, apiPath`/tickets/${idTicket}/`, itemIndex);
	},
});
