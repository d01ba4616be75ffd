/** Every resource of the node: its operation selector, its fields and its operations. */
import type { INodeProperties } from 'n8n-workflow';

import * as status from './status';
import * as category from './category';
import * as attribute from './attribute';
import * as claim from './claim';
import * as claimMessage from './claimMessage';
import * as importFile from './importFile';
import * as item from './item';
import * as order from './order';
import * as orderInvoice from './orderInvoice';
import * as orderUnit from './orderUnit';
import * as productData from './productData';
import * as returnResource from './return';
import * as returnUnit from './returnUnit';
import * as shippingGroup from './shippingGroup';
import * as subscription from './subscription';
import * as ticket from './ticket';
import * as ticketMessage from './ticketMessage';
import * as unit from './unit';
import * as warehouse from './warehouse';

export const resources = {
	status,
	category,
	attribute,
	claim,
	claimMessage,
	importFile,
	item,
	order,
	orderInvoice,
	orderUnit,
	productData,
	return: returnResource,
	returnUnit,
	shippingGroup,
	subscription,
	ticket,
	ticketMessage,
	unit,
	warehouse,
};

export type ResourceName = keyof typeof resources;

export const resourceSelector: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
			{ name: 'API Status', value: 'status' },
			{ name: 'Category', value: 'category' },
			{ name: 'Category Attribute', value: 'attribute' },
			{ name: 'Claim (Deprecated)', value: 'claim' },
			{ name: 'Claim Message (Deprecated)', value: 'claimMessage' },
			{ name: 'Import File', value: 'importFile' },
			{ name: 'Order', value: 'order' },
			{ name: 'Order Invoice', value: 'orderInvoice' },
			{ name: 'Order Unit', value: 'orderUnit' },
			{ name: 'Product (Item)', value: 'item' },
			{ name: 'Product Data', value: 'productData' },
			{ name: 'Return', value: 'return' },
			{ name: 'Return Unit', value: 'returnUnit' },
			{ name: 'Shipping Group', value: 'shippingGroup' },
			{ name: 'Subscription', value: 'subscription' },
			{ name: 'Ticket', value: 'ticket' },
			{ name: 'Ticket Message', value: 'ticketMessage' },
			{ name: 'Unit (Offer)', value: 'unit' },
			{ name: 'Warehouse', value: 'warehouse' },
	],
	default: 'order',
};
