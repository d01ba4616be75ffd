import { ticketReasonOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { requireIntegerIds, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';
import { messageField } from '../../descriptions/common';

/** POST /tickets/: opens a ticket with the buyer about order units of one order. */
export const open = defineOperation({
	value: 'open',
	name: 'Open',
	action: 'Open a ticket',
	attempt: 'open a ticket',
	summary: 'Open a ticket with the buyer about order units of one order',
	endpoint: 'POST /tickets/',
	properties: [
		{
			displayName: 'Order Unit IDs',
			name: 'orderUnitIds',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 123456789, 123456790',
			description: 'The order units the ticket is about, separated by commas. They must all belong to the same order.',
		},
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: ticketReasonOptions,
			default: 'contact_other',
			required: true,
			description: 'Why you open the ticket',
		},
		messageField('The first message of the ticket, shown to the buyer'),
	],
	async execute(itemIndex) {
		const body = {
			id_order_unit: requireIntegerIds(this, 'orderUnitIds', itemIndex, 'Order Unit IDs'),
			reason: requireString(this, 'reason', itemIndex, 'Reason'),
			message: requireString(this, 'message', itemIndex, 'Message'),
		};
		const response = await apiRequest.call(this, { method: 'POST', path: '/tickets/', body, itemIndex });
		return successItem(response, { id_ticket: response.createdId });
	},
});
