import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField } from '../../descriptions/common';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { unitIdField } from './fields';

const properties: INodeProperties[] = [unitIdField, embeddedField(['item'], 'Related data to include: the item (product) offered')];

export const description = updateDisplayOptions({ show: { resource: ['unit'], operation: ['get'] } }, properties);

/** GET /units/{id_unit}/: one of your units, optionally with its item. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/units/${id}/`,
		query: compact({ embedded }),
		itemIndex,
	});
	return this.helpers.returnJsonArray(response.body as never);
}
