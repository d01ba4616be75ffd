import type { IExecuteFunctions } from 'n8n-workflow';

import type { CollectionLimit } from '../../api/core/paging';
import { toWholeNumber } from './validation';

/** The form's Return All / Limit of a Get Many, checked. */
export function collectionLimit(context: IExecuteFunctions, itemIndex: number): CollectionLimit {
	const returnAll = context.getNodeParameter('returnAll', itemIndex) as boolean;
	if (returnAll) return { returnAll };
	return {
		returnAll,
		limit: toWholeNumber(context, context.getNodeParameter('limit', itemIndex, 50), itemIndex, 'Limit', { min: 1 }),
	};
}
