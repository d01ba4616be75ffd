import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField } from '../../descriptions/common';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Item ID',
		name: 'itemId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20574181',
		description: 'ID of the item (the shared product record), e.g. from Item → Search',
	},
	embeddedField(['category', 'units'], 'Related data to include: the category of the item, and the offers (units) of all sellers'),
];

export const description = updateDisplayOptions({ show: { resource: ['item'], operation: ['get'] } }, properties);

/** GET /items/{id_item} (no trailing slash, as the spec writes it): one item, optionally with its category and units. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'itemId', itemIndex, 'Item ID');
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/items/${id}`,
		query: compact({ embedded }),
		itemIndex,
	});
	return this.helpers.returnJsonArray(response.body as never);
}
