import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequestAllItems, type CollectionRequest } from '../transport';
import { toWholeNumber } from '../../../shared/helpers/validation';

/** A Get Many: honours the form's Return All / Limit and outputs one item per record (after `present`, if given). */
export async function readCollection(
	this: IExecuteFunctions,
	itemIndex: number,
	request: Omit<CollectionRequest, 'itemIndex'>,
	present: (records: IDataObject[]) => IDataObject[] = (records) => records,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? undefined : toWholeNumber(this, this.getNodeParameter('limit', itemIndex, 50), itemIndex, 'Limit', { min: 1 });
	const records = await apiRequestAllItems.call(this, { ...request, itemIndex }, { returnAll, limit });
	return this.helpers.returnJsonArray(present(records));
}
