import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { getOrderUnitId, orderUnitIdField } from './fields';

const properties: INodeProperties[] = [orderUnitIdField];

export const description = updateDisplayOptions({ show: { resource: ['orderUnit'], operation: ['fulfil'] } }, properties);

/** PATCH /order-units/{id_order_unit}/fulfil/: confirms fulfilment (only for sellers obliged to confirm it). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const orderUnitId = getOrderUnitId(this, itemIndex);
	const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/order-units/${orderUnitId}/fulfil/`, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { id_order_unit: orderUnitId }));
}
