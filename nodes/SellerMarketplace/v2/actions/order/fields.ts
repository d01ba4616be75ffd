/** The order to act on, shared by the order operations. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError, requireString } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

export const orderIdField = idLocator({
	displayName: 'Order',
	name: 'orderId',
	searchListMethod: 'searchOrders',
	placeholder: 'e.g. MB7UWLD',
	description: 'The order, picked from your latest orders or given by its ID (letters and digits)',
});

/** Order IDs are letters and digits (e.g. MB7UWLD); anything else would not name an order. */
export function getOrderId(context: IExecuteFunctions, itemIndex: number): string {
	const id = requireString(context, 'orderId', itemIndex, 'Order');
	if (!/^[A-Za-z0-9]{1,40}$/.test(id)) {
		throw inputError(context, itemIndex, `"Order" must be an order ID made of letters and digits, such as MB7UWLD, but it is "${id}"`);
	}
	return id;
}
