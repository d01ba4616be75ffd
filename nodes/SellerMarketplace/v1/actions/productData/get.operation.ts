import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { eanField } from './fields';

const properties: INodeProperties[] = [eanField];

export const description = updateDisplayOptions({ show: { resource: ['productData'], operation: ['get'] } }, properties);

/** GET /product-data/{ean}/: the product data you uploaded for an EAN. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ean = requireEan(this, 'ean', itemIndex);
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/product-data/${ean}/`, itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
