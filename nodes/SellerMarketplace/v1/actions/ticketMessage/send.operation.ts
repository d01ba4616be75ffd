import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { messageFields } from '../../../../shared/descriptions/message';
import { successItem } from '../../helpers/output';
import { readAttachments } from '../../../../shared/helpers/attachments';
import { requireId, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { ticketLocator } from '../ticket/shared';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';
import { collectionField } from '../../../../shared/descriptions/fields';

/** Each named binary property of the item as a `claim_message_files` entry. */
async function attachments(context: IExecuteFunctions, itemIndex: number, names: string): Promise<IDataObject[]> {
	const files = await readAttachments(context, itemIndex, names);
	return files.map((file) => ({
		filename: file.filename,
		mime_type: file.mimeType,
		data: file.data.toString('base64'),
	}));
}

/** POST /ticket-messages/: answers a ticket, optionally with files from the item's binary data. */
export const send = defineOperation({
	value: 'send',
	name: 'Send',
	action: 'Send a ticket message',
	summary: 'Answer a ticket, optionally with attachments',
	picks: PICKABLE_STATUSES.answerableConversation,
	attempt: 'send a message to ticket {id}',
	endpoint: 'POST /ticket-messages/',
	properties: [
		ticketLocator('The ticket to answer'),
		...messageFields('ticket'),
		collectionField('Additional Fields', 'additionalFields', [
			{
				displayName: 'Attachments (Input Binary Fields)',
				name: 'attachments',
				type: 'string',
				default: 'data',
				placeholder: 'e.g. data, photo',
				description:
					'Names of the input binary fields to attach as files, separated by commas. Each file keeps its file name and MIME type.',
			},
		]),
	],
	async execute(itemIndex) {
		const idTicket = requireId(this, 'ticketId', itemIndex, 'Ticket');
		const text = requireString(this, 'text', itemIndex, 'Text');
		const interimNotice = this.getNodeParameter('interimNotice', itemIndex, false) as boolean;
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const files = additionalFields.attachments
			? await attachments(this, itemIndex, String(additionalFields.attachments))
			: [];

		const body: IDataObject = { id_ticket: idTicket, text, interim_notice: interimNotice };
		if (files.length) body.claim_message_files = files;
		const response = await apiRequest.call(this, { method: 'POST', path: '/ticket-messages/', body, itemIndex });
		return successItem(response, { id_ticket: idTicket });
	},
});
