import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../transport';
import { ticketLocator } from './shared';

const properties: INodeProperties[] = [ticketLocator('The ticket to close')];

export const description = updateDisplayOptions({ show: { resource: ['ticket'], operation: ['close'] } }, properties);

/** PATCH /tickets/{id_ticket}/close/ (no body): closes the ticket on the seller's side. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const idTicket = requireString(this, 'ticketId', itemIndex, 'Ticket');
	const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/tickets/${idTicket}/close/`, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { id_ticket: idTicket }));
}
