import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getTicketId, ticketIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';

/** GET /tickets/{id_ticket}: the API always adds the messages, order units, buyer, product and files. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a ticket',
	attempt: ['get ticket {ticketId}', 'get a ticket'],
	summary: 'Get one ticket with its messages, order units, buyer, product and files',
	endpoint: 'GET /tickets/{id_ticket}',
	output: outputShapes.ticket,
	properties: [ticketIdField],
	async execute(itemIndex) {
		const id = getTicketId(this, itemIndex);
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/tickets/${id}`, itemIndex });
	},
});
