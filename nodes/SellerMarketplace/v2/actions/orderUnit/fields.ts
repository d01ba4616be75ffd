/** The order unit to act on, shared by the order unit operations, and what an action on it outputs. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { apiPath, apiRequest, apiRequestData, type V2Request } from '../../../../api/v2';

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

/** The statuses each action leads to, or that can only follow it: a retry that finds one of them was applied. */
const REACHED: Record<'send' | 'cancel' | 'fulfil', readonly string[]> = {
	send: ['sent', 'received', 'sent_and_autopaid', 'returned', 'returned_paid'],
	cancel: ['cancelled'],
	fulfil: ['need_to_be_sent', 'sent', 'received', 'sent_and_autopaid', 'returned', 'returned_paid', 'cancelled'],
};

/**
 * PATCH /order-units/{id}/{action} (204, no body): outputs what was done, as the API tells nothing more. When
 * the answer to an earlier attempt was lost and the retry is refused, the unit is read back: if it is in the
 * state asked for, the action had been applied (`alreadyApplied`). A refund is never repeated at all.
 */
export async function orderUnitAction(
	context: IExecuteFunctions,
	itemIndex: number,
	action: 'send' | 'cancel' | 'refund' | 'fulfil',
	body?: IDataObject,
	fieldLabels?: Record<string, string>,
): Promise<IDataObject> {
	const id = getOrderUnitId(context, itemIndex);
	const request: V2Request = {
		method: 'PATCH',
		path: apiPath`/order-units/${id}/${action}`,
		body,
		itemIndex,
		fieldLabels,
	};
	if (action === 'refund') {
		request.idempotent = false;
		request.uncertainWrite = {
			subject: 'the refund',
			check: `the refunds of order unit ${id} in the Seller Portal (API v2 cannot list refunds)`,
		};
	} else {
		const reached = REACHED[action];
		request.confirmApplied = async () => {
			const unit = await apiRequestData.call(context, { method: 'GET', path: apiPath`/order-units/${id}`, itemIndex });
			return reached.includes(String(unit.status));
		};
	}
	const response = await apiRequest.call(context, request);
	return { success: true, id_order_unit: id, ...body, ...(response.alreadyApplied ? { alreadyApplied: true } : {}) };
}
