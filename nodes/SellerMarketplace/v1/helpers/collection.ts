import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems, type CollectionRequest } from '../../../api/v1';
import { collectionLimit } from '../../../shared/helpers/collectionLimit';

/** A Get Many: honours the form's Return All / Limit and outputs one item per record (after `present`, if given). */
export async function readGetManyV1(
	this: IExecuteFunctions,
	itemIndex: number,
	request: Omit<CollectionRequest, 'itemIndex'>,
	present: (records: IDataObject[]) => IDataObject[] = (records) => records,
): Promise<IDataObject[]> {
	const records = await apiRequestAllItems.call(this, { ...request, itemIndex }, collectionLimit(this, itemIndex));
	return present(records);
}
