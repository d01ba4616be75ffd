import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idLocator } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';

const properties: INodeProperties[] = [
	idLocator({
		displayName: 'Import File',
		name: 'importFileId',
		searchListMethod: 'searchImportFiles',
		placeholder: 'e.g. 1234',
		description: 'One of your import files, picked from the list or given by its ID (id_import_file)',
	}),
];

export const description = updateDisplayOptions({ show: { resource: ['importFile'], operation: ['get'] } }, properties);

/** GET /import-files/{id_import_file}/: the state of one import (status, lines done, errors). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'importFileId', itemIndex, 'Import File');
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/import-files/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
