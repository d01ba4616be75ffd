/** The claim ID field of the deprecated claim operations. */
import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/common';

export function claimIdField(description: string): INodeProperties {
	return idLocator({
		displayName: 'Claim',
		name: 'claimId',
		searchListMethod: 'searchClaims',
		placeholder: 'e.g. 4711',
		description: `${description}, picked from your latest claims or given by its ID`,
	});
}
