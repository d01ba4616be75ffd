/** The ticket picker used by every operation that addresses one ticket. */
import type { INodeProperties } from 'n8n-workflow';

import { ID_FORMATS } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/common';

export function ticketLocator(description = 'The ticket to use'): INodeProperties {
	return idLocator({
		displayName: 'Ticket',
		name: 'ticketId',
		searchListMethod: 'searchTickets',
		format: ID_FORMATS.text,
		placeholder: 'e.g. 0013163664',
		description: `${description}. Ticket IDs keep their leading zeros.`,
	});
}
