import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { cancelReasonOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { statusReached } from '../../helpers/confirm';
import { getOrderUnitId, orderUnitIdField } from './fields';

const properties: INodeProperties[] = [
	orderUnitIdField,
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'options',
		options: [...cancelReasonOptions].sort((a, b) => a.name.localeCompare(b.name)),
		default: 'NoInventory',
		required: true,
		description: 'Why the order unit is cancelled',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['orderUnit'], operation: ['cancel'] } }, properties);

/** PATCH /order-units/{id_order_unit}/cancel/: cancels an order unit that has not been sent. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const orderUnitId = getOrderUnitId(this, itemIndex);
	const reason = requireString(this, 'reason', itemIndex, 'Reason');
	const response = await apiRequest.call(this, {
		method: 'PATCH',
		path: apiPath`/order-units/${orderUnitId}/cancel/`,
		body: { reason },
		confirmApplied: statusReached(this, apiPath`/order-units/${orderUnitId}/`, ['cancelled'], itemIndex),
		itemIndex,
	});
	return this.helpers.returnJsonArray(successItem(response, { id_order_unit: orderUnitId, reason }));
}
