import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';

const properties: INodeProperties[] = [
	{
		displayName: 'Attribute ID',
		name: 'attributeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 15',
		description: "ID of the attribute, as listed in a category's mandatory or optional attributes (Category → Get)",
	},
];

export const description = updateDisplayOptions({ show: { resource: ['attribute'], operation: ['get'] } }, properties);

/** GET /attributes/{id_attribute}/: name, title, type and whether several values are allowed. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'attributeId', itemIndex, 'Attribute ID');
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/attributes/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
