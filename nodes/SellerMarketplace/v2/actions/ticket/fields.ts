/** The ticket to act on, shared by the ticket operations. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { ID_FORMATS, inputError, requireId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

/** Ticket IDs are text: 001 followed by digits, leading zeros kept. */
const TICKET_ID = /^001\d+$/;

export const ticketIdField = idLocator({
	displayName: 'Ticket',
	name: 'ticketId',
	searchListMethod: 'searchTickets',
	format: ID_FORMATS.ticket,
	placeholder: 'e.g. 0011234567',
	description:
		"A buyer's ticket, picked from your latest tickets or given by its ID (it starts with 001; keep the leading zeros)",
});

export function getTicketId(context: IExecuteFunctions, itemIndex: number): string {
	const id = requireId(context, 'ticketId', itemIndex, 'Ticket');
	if (!TICKET_ID.test(id)) {
		throw inputError(
			context,
			itemIndex,
			`"Ticket" must be a ticket ID: 001 followed by digits, like 0011234567, but it is "${id}"`,
		);
	}
	return id;
}
