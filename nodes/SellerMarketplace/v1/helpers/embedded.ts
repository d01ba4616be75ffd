import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestRecord } from '../../../api/v1';
import { compact } from '../../../shared/helpers/validation';

/**
 * The read behind each Get whose form has the "Include" field (embeddedField): GET `path` with the related data
 * the item asks for as `embedded=a,b` (left out when none), answered with the record.
 */
export async function getWithEmbedded(
	context: IExecuteFunctions,
	path: string,
	itemIndex: number,
): Promise<IDataObject> {
	const embedded = context.getNodeParameter('embedded', itemIndex, []) as string[];
	return await apiRequestRecord.call(context, { method: 'GET', path, query: compact({ embedded }), itemIndex });
}
