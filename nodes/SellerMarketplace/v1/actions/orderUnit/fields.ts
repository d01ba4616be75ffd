/** Fields shared by the order unit operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';

export const ORDER_UNIT_LABEL = 'Order Unit';

/** The states of an order unit once it has been sent. */
export const SENT_OR_LATER = ['sent', 'received', 'sent_and_autopaid', 'returned', 'returned_paid'];

/** The order unit to act on: picked from the seller's order units, or given by its numeric ID. */
export const orderUnitIdField: INodeProperties = idLocator({
	displayName: ORDER_UNIT_LABEL,
	name: 'orderUnitId',
	searchListMethod: 'searchOrderUnits',
	placeholder: 'e.g. 123456789',
	description: 'One ordered unit of an order. Its ID is a number.',
});

export function getOrderUnitId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'orderUnitId', itemIndex, ORDER_UNIT_LABEL);
}
