import type { INodeProperties } from 'n8n-workflow';

/** The carrier of a parcel, from GET /carriers (Order Unit → Send, Shipment → Add). */
export const carrierField: INodeProperties = {
	displayName: 'Carrier Name or ID',
	name: 'carrierCode',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCarriers' },
	default: '',
	required: true,
	description:
		'The shipping company that carries the parcel, from the marketplace\'s list of carriers. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};
