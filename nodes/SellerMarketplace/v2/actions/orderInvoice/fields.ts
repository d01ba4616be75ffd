/** The order and invoice an operation addresses: invoices are read and deleted under their order's ID. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { apiPath } from '../../../../api/v2';
import { getOrderId, orderLocator } from '../order/fields';

export const orderIdField = orderLocator(
	'The order the invoice belongs to, picked from your latest orders or given by its ID',
);

export const invoiceIdField: INodeProperties = idLocator({
	displayName: 'Invoice',
	name: 'invoiceId',
	searchListMethod: 'searchInvoices',
	placeholder: 'e.g. 918273645',
	description: "One of the order's invoices, picked from the list or given by its numeric ID (id_invoice)",
});

/** `/order-invoices/{id_order}/{id_invoice}`, both checked before anything is sent. */
export function invoicePath(
	context: IExecuteFunctions,
	itemIndex: number,
): { path: string; idOrder: string; idInvoice: number } {
	const idOrder = getOrderId(context, itemIndex);
	const idInvoice = requireIntegerId(context, 'invoiceId', itemIndex, 'Invoice');
	return { path: apiPath`/order-invoices/${idOrder}/${idInvoice}`, idOrder, idInvoice };
}
