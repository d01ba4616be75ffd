import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { idLocator } from '../../descriptions/common';

/** The invoice an operation works on, by the `id_invoice` that Get Many and Upload return. */
export const invoiceIdField: INodeProperties = idLocator({
	displayName: 'Invoice',
	name: 'invoiceId',
	searchListMethod: 'searchInvoices',
	placeholder: 'e.g. 5012',
	description: 'One of your order invoices, picked from the latest or given by its ID (id_invoice)',
});

/** GET /order-invoices/{id}/: the invoice record, which Get outputs and Download takes the file's address from. */
export async function readInvoice(context: IExecuteFunctions, id: number, itemIndex: number): Promise<IDataObject> {
	return await apiRequestRecord.call(context, { method: 'GET', path: apiPath`/order-invoices/${id}/`, itemIndex });
}
