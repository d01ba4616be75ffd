/** Every resource of node version 2, and the Resource dropdown built from them. */
import type { INodeProperties } from 'n8n-workflow';

import { carrier } from './carrier';
import type { Resource } from './define';
import { order } from './order';
import { orderInvoice } from './orderInvoice';
import { orderUnit } from './orderUnit';
import { returnResource } from './return';
import { returnUnit } from './returnUnit';
import { shippingGroup } from './shippingGroup';
import { status } from './status';
import { subscription } from './subscription';
import { ticket } from './ticket';
import { unit } from './unit';
import { warehouse } from './warehouse';

export const resources: Resource[] = [status, carrier, order, orderInvoice, orderUnit, returnResource, returnUnit, shippingGroup, subscription, ticket, unit, warehouse];

export const resourceSelector: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources.map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name)),
	default: 'order',
};
