import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField, itemIdField } from '../../descriptions/common';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';

const properties: INodeProperties[] = [
	itemIdField('The item (the shared product record), searched by title, manufacturer or EAN, or given by its ID (id_item)'),
	embeddedField(['category', 'units'], 'Related data to include: the category of the item, and the offers (units) of all sellers'),
];

export const description = updateDisplayOptions({ show: { resource: ['item'], operation: ['get'] } }, properties);

/** GET /items/{id_item} (no trailing slash, as the spec writes it): one item, optionally with its category and units. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'itemId', itemIndex, 'Item');
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/items/${id}`,
		query: compact({ embedded }),
		itemIndex,
	});
	return this.helpers.returnJsonArray(response.body as never);
}
