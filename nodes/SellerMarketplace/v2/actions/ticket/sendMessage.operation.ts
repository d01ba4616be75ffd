import type { IDataObject } from 'n8n-workflow';

import { messageFields } from '../../../../shared/descriptions/message';
import { ATTACHMENTS_LABEL, readAttachments } from '../../../../shared/helpers/attachments';
import { bounded, lineOfText, requireString } from '../../../../shared/helpers/validation';
import { collectionField } from '../../descriptions/fields';
import { apiPath, apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getTicketId, ticketIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** POST /tickets/{id_ticket}/messages (201, no body); files travel as data URIs, as the API's example shows. */
export const sendMessage = defineOperation({
	value: 'sendMessage',
	name: 'Send Message',
	action: 'Send a message to a ticket',
	attempt: ['send a message to ticket {ticketId}', 'send a message to a ticket'],
	summary: 'Answer the buyer in a ticket, optionally with files',
	picks: PICKABLE_STATUSES.answerableConversation,
	endpoint: 'POST /tickets/{id_ticket}/messages',
	properties: [
		ticketIdField,
		...messageFields('ticket'),
		collectionField('Additional Fields', 'additionalFields', [
			bounded(
				{
					displayName: ATTACHMENTS_LABEL,
					name: 'attachments',
					type: 'string',
					default: 'data',
					placeholder: 'e.g. data, photo',
					description:
						'Names of the input binary fields to attach as files, separated by commas. Each file keeps its file name and MIME type.',
				},
				lineOfText(),
			),
		]),
	],
	async execute(itemIndex) {
		const id = getTicketId(this, itemIndex);
		const text = requireString(this, 'text', itemIndex, 'Text');
		const interimNotice = this.getNodeParameter('interimNotice', itemIndex, false) as boolean;
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const files = additionalFields.attachments
			? await readAttachments(this, itemIndex, String(additionalFields.attachments))
			: [];
		const body: IDataObject = { text, interim_notice: interimNotice };
		if (files.length) {
			body.ticket_message_files = files.map((file) => ({
				filename: file.filename,
				mime_type: file.mimeType,
				data: `data:${file.mimeType};base64,${file.data.toString('base64')}`,
			}));
		}
		await apiRequest.call(this, {
			method: 'POST',
			path: apiPath`/tickets/${id}/messages`,
			body,
			itemIndex,
			fieldLabels: { text: 'Text', ticket_message_files: ATTACHMENTS_LABEL },
			uncertainWrite: { subject: 'the message', check: `the messages of ticket ${id} (Ticket → Get)` },
		});
		return {
			success: true,
			id_ticket: id,
			text,
			interim_notice: interimNotice,
			files: files.map((file) => file.filename),
		};
	},
});
