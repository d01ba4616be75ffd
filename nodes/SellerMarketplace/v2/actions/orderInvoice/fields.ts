/** The order and invoice an operation addresses: invoices are read and deleted under their order's ID. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireId, requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { apiPath } from '../../transport';

export const orderIdField = idLocator({
	displayName: 'Order',
	name: 'orderId',
	searchListMethod: 'searchOrders',
	placeholder: 'e.g. MB7UWLD',
	description: 'The order the invoice belongs to, picked from your latest orders or given by its ID',
});

export const invoiceIdField: INodeProperties = {
	displayName: 'Invoice ID',
	name: 'invoiceId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 918273645',
	description: 'The numeric ID of the invoice (id_invoice)',
};

export function getOrderId(context: IExecuteFunctions, itemIndex: number): string {
	return requireId(context, 'orderId', itemIndex, 'Order');
}

/** `/order-invoices/{id_order}/{id_invoice}`, both checked before anything is sent. */
export function invoicePath(context: IExecuteFunctions, itemIndex: number): { path: string; idOrder: string; idInvoice: number } {
	const idOrder = getOrderId(context, itemIndex);
	const idInvoice = requireIntegerId(context, 'invoiceId', itemIndex, 'Invoice ID');
	return { path: apiPath`/order-invoices/${idOrder}/${idInvoice}`, idOrder, idInvoice };
}
