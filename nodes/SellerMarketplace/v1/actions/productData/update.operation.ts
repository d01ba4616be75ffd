import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { buildProductData, eanField, productDataFields } from './fields';

const properties: INodeProperties[] = [
	eanField,
	{
		displayName:
			'Overwrites only the attributes you send and keeps the others. Works only for an EAN you uploaded product data for before (Create or Replace).',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	...productDataFields,
];

export const description = updateDisplayOptions({ show: { resource: ['productData'], operation: ['update'] } }, properties);

/** PATCH /product-data/{ean}/: changes the attributes sent, keeps the rest (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ean = requireEan(this, 'ean', itemIndex);
	const body = buildProductData(this, itemIndex, ean);
	const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/product-data/${ean}/`, body, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { ean }));
}
