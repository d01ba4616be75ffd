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
			'Replaces all product data you uploaded for this EAN before: attributes you leave out are removed. Use Update to change single attributes.',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
	},
	...productDataFields,
];

export const description = updateDisplayOptions({ show: { resource: ['productData'], operation: ['createOrReplace'] } }, properties);

/** PUT /product-data/{ean}/: creates your product data for an EAN, or replaces it completely (201, empty body). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const ean = requireEan(this, 'ean', itemIndex);
	const body = buildProductData(this, itemIndex, ean);
	const response = await apiRequest.call(this, { method: 'PUT', path: apiPath`/product-data/${ean}/`, body, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { ean }));
}
