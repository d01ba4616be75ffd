import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItem } from '../../../../shared/helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { unitIdField } from './fields';

const properties: INodeProperties[] = [unitIdField];

export const description = updateDisplayOptions({ show: { resource: ['unit'], operation: ['delete'] } }, properties);

/** DELETE /units/{id_unit}/: takes the offer off the marketplace (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
	const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/units/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(deletedItem(response));
}
