import type { INodeProperties } from 'n8n-workflow';

import { bounded, TEXT_CAPS } from '../helpers/validation';

/** Text and Interim Notice of a message to the buyer, as ticket and claim messages both take them. */
export function messageFields(conversation: 'ticket' | 'claim'): INodeProperties[] {
	return [
		bounded(
			{
				displayName: 'Text',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				required: true,
				description: 'The message to the buyer (up to 65,535 characters)',
			},
			{ fills: ['text'], minLength: 1, maxLength: TEXT_CAPS.message },
		),
		{
			displayName: 'Interim Notice',
			name: 'interimNotice',
			type: 'boolean',
			default: false,
			description: `Whether this message is only an interim notice (e.g. "we are looking into it"). An interim notice leaves the ${conversation} waiting for you ("Is Seller Responsible" stays true); a regular message answers the buyer and sets "Is Seller Responsible" to false.`,
		},
	];
}
