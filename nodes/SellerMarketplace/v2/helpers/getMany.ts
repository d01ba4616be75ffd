import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { collectionLimit } from '../../../shared/helpers/collectionLimit';
import { apiRequestAllItems, type V2CollectionRequest } from '../../../api/v2';

/** A Get Many: the collection as far as the form's Return All / Limit ask, one output record per API record. */
export async function readGetMany(
	context: IExecuteFunctions,
	itemIndex: number,
	request: Omit<V2CollectionRequest, 'itemIndex'>,
): Promise<IDataObject[]> {
	return await apiRequestAllItems.call(context, { ...request, itemIndex }, collectionLimit(context, itemIndex));
}
