import { successItem } from '../../helpers/output';
import { requireId } from '../../../../shared/helpers/validation';
import { statusReached } from '../../helpers/confirm';
import { apiPath, apiRequest } from '../../../../api/v1';
import { ticketLocator } from './shared';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The states a ticket is in once the seller has closed it. */
const CLOSED_BY_SELLER = ['seller_closed', 'both_closed', 'customer_service_closed_final'];

/** PATCH /tickets/{id_ticket}/close/ (no body): closes the ticket on the seller's side. */
export const close = defineOperation({
	value: 'close',
	name: 'Close',
	action: 'Close a ticket',
	attempt: ['close ticket {ticketId}', 'close a ticket'],
	summary: 'Close a ticket on your side',
	picks: PICKABLE_STATUSES.closableConversation,
	endpoint: 'PATCH /tickets/{id_ticket}/close/',
	properties: [ticketLocator('The ticket to close')],
	async execute(itemIndex) {
		const idTicket = requireId(this, 'ticketId', itemIndex, 'Ticket');
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/tickets/${idTicket}/close/`,
			confirmApplied: statusReached(this, apiPath`/tickets/${idTicket}/`, CLOSED_BY_SELLER, itemIndex),
			itemIndex,
		});
		return successItem(response, { id_ticket: idTicket });
	},
});
