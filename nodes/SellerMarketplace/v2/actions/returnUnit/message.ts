/** The message Reject and Clarify send to the buyer. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';

export function messageField(description: string): INodeProperties {
	return bounded(
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			description,
		},
		{ fills: ['message'], maxLength: TEXT_CAPS.message },
	);
}

export function getMessage(context: IExecuteFunctions, itemIndex: number): string {
	return requireString(context, 'message', itemIndex, 'Message');
}
