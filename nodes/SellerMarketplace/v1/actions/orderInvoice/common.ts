import type { INodeProperties } from 'n8n-workflow';

/** The invoice an operation works on, by the `id_invoice` that Get Many and Upload return. */
export const invoiceIdField: INodeProperties = {
	displayName: 'Invoice ID',
	name: 'invoiceId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 5012',
	description: 'The ID of the order invoice (id_invoice), as returned by Get Many or Upload',
};
