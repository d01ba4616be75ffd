/** The order to act on, shared by the order operations. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError, requireString } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

export const orderIdField = idLocator({
	displayName: 'Order',
	name: 'orderId',
	searchListMethod: 'searchOrders',
	placeholder: 'e.g. MB7UWLD',
	description: 'The order, picked from your latest orders or given by its ID (such as MB7UWLD)',
});

/**
 * An order ID as it can stand in a path: letters, digits and `-_.~` (real IDs look like MB7UWLD, some carry a
 * suffix such as M10033-2), not only dots, which would leave the path.
 */
export function getOrderId(context: IExecuteFunctions, itemIndex: number): string {
	const id = requireString(context, 'orderId', itemIndex, 'Order');
	if (!/^[A-Za-z0-9._~-]{1,64}$/.test(id) || /^\.+$/.test(id)) {
		throw inputError(context, itemIndex, `"Order" must be an order ID of letters, digits and - _ . ~, such as MB7UWLD or M10033-2, but it is "${id}"`);
	}
	return id;
}
