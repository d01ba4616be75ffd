import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItem } from '../../../../shared/helpers/output';
import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { eanField } from './fields';

const properties: INodeProperties[] = [eanField];

export const description = updateDisplayOptions({ show: { resource: ['productData'], operation: ['delete'] } }, properties);

/** DELETE /product-data/{ean}/: removes your product data; the item description then uses other sources only (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ean = requireEan(this, 'ean', itemIndex);
	const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/product-data/${ean}/`, itemIndex });
	return this.helpers.returnJsonArray(deletedItem(response));
}
