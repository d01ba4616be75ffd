import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { requireId } from '../../../../shared/helpers/validation';
import { statusReached } from '../../helpers/confirm';
import { apiPath, apiRequest } from '../../../../api/v1';
import { ticketLocator } from './shared';

const properties: INodeProperties[] = [ticketLocator('The ticket to close')];

/** The states a ticket is in once the seller has closed it. */
const CLOSED_BY_SELLER = ['seller_closed', 'both_closed', 'customer_service_closed_final'];

export const description = updateDisplayOptions({ show: { resource: ['ticket'], operation: ['close'] } }, properties);

/** PATCH /tickets/{id_ticket}/close/ (no body): closes the ticket on the seller's side. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const idTicket = requireId(this, 'ticketId', itemIndex, 'Ticket');
	const response = await apiRequest.call(this, {
		method: 'PATCH',
		path: apiPath`/tickets/${idTicket}/close/`,
		confirmApplied: statusReached(this, apiPath`/tickets/${idTicket}/`, CLOSED_BY_SELLER, itemIndex),
		itemIndex,
	});
	return this.helpers.returnJsonArray(successItem(response, { id_ticket: idTicket }));
}
