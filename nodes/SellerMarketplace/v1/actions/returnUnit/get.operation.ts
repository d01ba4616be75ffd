import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField } from '../../descriptions/common';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { returnUnitIdField } from './common';

const properties: INodeProperties[] = [
	returnUnitIdField,
	embeddedField(['item', 'return', 'order_unit', 'claim', 'tickets']),
];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['get'] } }, properties);

/** GET /return-units/{id}/: one returned unit, with its item, return, order unit, claim and tickets when asked. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'returnUnitId', itemIndex, 'Return Unit');
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/return-units/${id}/`,
		query: compact({ embedded }),
		itemIndex,
	});
	return this.helpers.returnJsonArray(response.body as IDataObject);
}
