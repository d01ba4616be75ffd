import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/common';

/** The invoice an operation works on, by the `id_invoice` that Get Many and Upload return. */
export const invoiceIdField: INodeProperties = idLocator({
	displayName: 'Invoice',
	name: 'invoiceId',
	searchListMethod: 'searchInvoices',
	placeholder: 'e.g. 5012',
	description: 'One of your order invoices, picked from the latest or given by its ID (id_invoice)',
});
