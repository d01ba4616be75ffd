/** The order to act on, shared by the order and order invoice operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ID_FORMATS, requireId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

/** The Order locator (`orderId`, read by getOrderId); `description` says what the order is to the operation. */
export function orderLocator(description: string): INodeProperties {
	return idLocator({
		displayName: 'Order',
		name: 'orderId',
		searchListMethod: 'searchOrders',
		format: ID_FORMATS.text,
		placeholder: 'e.g. MB7UWLD',
		description,
	});
}

export const orderIdField = orderLocator(
	'The order, picked from your latest orders or given by its ID (such as MB7UWLD)',
);

/** Order IDs are text (MB7UWLD, M10033-2); only what would change the request path is refused. */
export function getOrderId(context: IExecuteFunctions, itemIndex: number): string {
	return requireId(context, 'orderId', itemIndex, 'Order');
}
