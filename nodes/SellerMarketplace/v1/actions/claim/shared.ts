/** The claim ID field of the deprecated claim operations. */
import type { INodeProperties } from 'n8n-workflow';

export function claimIdField(description: string): INodeProperties {
	return {
		displayName: 'Claim ID',
		name: 'claimId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 4711',
		description: `${description} (a whole number)`,
	};
}
