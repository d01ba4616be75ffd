import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Import File ID',
		name: 'importFileId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1234',
		description: 'ID of the import file, as returned by Import File → Create',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['importFile'], operation: ['get'] } }, properties);

/** GET /import-files/{id_import_file}/: the state of one import (status, lines done, errors). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'importFileId', itemIndex, 'Import File ID');
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/import-files/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
