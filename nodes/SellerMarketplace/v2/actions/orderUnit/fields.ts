/** The order unit to act on, shared by the order unit operations, and what an action on it outputs. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { apiPath, apiRequest } from '../../transport';

export const orderUnitIdField = idLocator({
	displayName: 'Order Unit',
	name: 'orderUnitId',
	searchListMethod: 'searchOrderUnits',
	placeholder: 'e.g. 391581935120',
	description: 'One ordered unit of an order, picked from your latest order units or given by its numeric ID',
});

export function getOrderUnitId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'orderUnitId', itemIndex, 'Order Unit');
}

/**
 * PATCH /order-units/{id}/{action} (204, no body): outputs what was done, as the API tells nothing more.
 * `idempotent: false` keeps a refund from being sent twice after a lost answer.
 */
export async function orderUnitAction(
	context: IExecuteFunctions,
	itemIndex: number,
	action: 'send' | 'cancel' | 'refund' | 'fulfil',
	body?: IDataObject,
	{ idempotent, fieldLabels }: { idempotent?: boolean; fieldLabels?: Record<string, string> } = {},
): Promise<IDataObject> {
	const id = getOrderUnitId(context, itemIndex);
	await apiRequest.call(context, { method: 'PATCH', path: apiPath`/order-units/${id}/${action}`, body, itemIndex, idempotent, fieldLabels });
	return { success: true, id_order_unit: id, ...body };
}
