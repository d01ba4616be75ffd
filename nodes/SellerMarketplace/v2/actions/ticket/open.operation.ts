import { TICKET_REASON_TERMS } from '../../../../shared/descriptions/vocabulary';
import { bounded, requireIntegerIds, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { TICKET_REASONS, toOptions } from '../../../../api/v2/enums';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** POST /tickets: a new ticket to the buyer about one or more order units of one order. */
export const open = defineOperation({
	value: 'open',
	name: 'Open',
	action: 'Open a ticket',
	attempt: 'open a ticket',
	summary: 'Open a ticket to write to the buyer about order units',
	endpoint: 'POST /tickets',
	properties: [
		bounded(
			{
				displayName: 'Order Unit IDs',
				name: 'orderUnitIds',
				type: 'string',
				default: '',
				required: true,
				placeholder: 'e.g. 391581935120, 391581935121',
				description: 'The order units the ticket is about, separated by commas; all of one order',
			},
			{ fills: ['id_order_unit'], maxLength: TEXT_CAPS.trackingNumbers },
		),
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: toOptions(TICKET_REASONS, TICKET_REASON_TERMS),
			default: 'contact_other',
			required: true,
			description: 'What the ticket is about',
		},
		bounded(
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				required: true,
				description: 'The first message to the buyer',
			},
			{ fills: ['message'], minLength: 1, maxLength: TEXT_CAPS.message },
		),
	],
	async execute(itemIndex) {
		const body = {
			id_order_unit: requireIntegerIds(this, 'orderUnitIds', itemIndex, 'Order Unit IDs'),
			reason: requireString(this, 'reason', itemIndex, 'Reason'),
			message: requireString(this, 'message', itemIndex, 'Message'),
		};
		const data = await apiRequestData.call(this, {
			method: 'POST',
			path: '/tickets',
			body,
			itemIndex,
			fieldLabels: { id_order_unit: 'Order Unit IDs', reason: 'Reason', message: 'Message' },
			uncertainWrite: {
				subject: 'the ticket',
				check: 'your tickets (Ticket → Get Many) for a new ticket on these order units',
			},
		});
		return { ...data, ...body };
	},
});
