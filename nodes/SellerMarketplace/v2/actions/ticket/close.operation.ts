import { apiPath, apiRequest, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getTicketId, ticketIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The statuses a ticket the seller has closed can have. */
const CLOSED_BY_SELLER = ['seller_closed', 'both_closed'];

/** PATCH /tickets/{id_ticket}/close. */
export const close = defineOperation({
	value: 'close',
	name: 'Close',
	action: 'Close a ticket',
	attempt: ['close ticket {ticketId}', 'close a ticket'],
	summary: "Close a ticket from your side once the buyer's request is settled",
	picks: PICKABLE_STATUSES.closableConversation,
	endpoint: 'PATCH /tickets/{id_ticket}/close',
	properties: [ticketIdField],
	async execute(itemIndex) {
		const id = getTicketId(this, itemIndex);
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/tickets/${id}/close`,
			itemIndex,
			confirmApplied: async () => {
				const ticket = await apiRequestData.call(this, { method: 'GET', path: apiPath`/tickets/${id}`, itemIndex });
				return CLOSED_BY_SELLER.includes(String(ticket.status));
			},
		});
		return { success: true, id_ticket: id, ...(response.alreadyApplied ? { alreadyApplied: true } : {}) };
	},
});
