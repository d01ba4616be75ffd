import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField } from '../../descriptions/common';
import { compact, requireId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { ticketLocator } from './shared';

const properties: INodeProperties[] = [
	ticketLocator('The ticket to read'),
	embeddedField(['messages', 'order_units', 'buyer', 'item', 'files'], 'Related data to include with the ticket, such as its messages'),
];

export const description = updateDisplayOptions({ show: { resource: ['ticket'], operation: ['get'] } }, properties);

/** GET /tickets/{id_ticket}/: one ticket, optionally with its messages, order units, buyer, item and files. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const idTicket = requireId(this, 'ticketId', itemIndex, 'Ticket');
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/tickets/${idTicket}/`,
		query: compact({ embedded: embedded.join(',') }),
		itemIndex,
	});
	return this.helpers.returnJsonArray(response.body as never);
}
