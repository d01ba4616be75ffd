/** Every resource of node version 2, and the Resource dropdown built from them. */
import type { INodeProperties } from 'n8n-workflow';

import { assortmentInsight } from './assortmentInsight';
import { attribute } from './attribute';
import { buybox } from './buybox';
import { carrier } from './carrier';
import { category } from './category';
import { gpsrContact } from './gpsrContact';
import { info } from './info';
import type { Resource } from './define';
import { importFile } from './importFile';
import { order } from './order';
import { orderInvoice } from './orderInvoice';
import { orderUnit } from './orderUnit';
import { product } from './product';
import { productData } from './productData';
import { report } from './report';
import { returnResource } from './return';
import { returnUnit } from './returnUnit';
import { shipment } from './shipment';
import { shippingGroup } from './shippingGroup';
import { shippingLabel } from './shippingLabel';
import { similarProduct } from './similarProduct';
import { status } from './status';
import { subscription } from './subscription';
import { ticket } from './ticket';
import { unit } from './unit';
import { voucher } from './voucher';
import { warehouse } from './warehouse';

export const resources: Resource[] = [
	status,
	carrier,
	order,
	orderUnit,
	subscription,
	unit,
	product,
	productData,
	category,
	attribute,
	importFile,
	report,
	info,
	gpsrContact,
	buybox,
	assortmentInsight,
	orderInvoice,
	returnResource,
	returnUnit,
	ticket,
	warehouse,
	shippingGroup,
	shipment,
	shippingLabel,
	voucher,
	similarProduct,
];

export const resourceSelector: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources.map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name)),
	default: 'order',
};
