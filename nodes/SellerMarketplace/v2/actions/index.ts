/** Every resource of API v2, spoken by node versions 2 and 2.1, and what differs between those two. */
import { assortmentInsight } from './assortmentInsight';
import { attribute } from './attribute';
import { buybox } from './buybox';
import { carrier } from './carrier';
import { category } from './category';
import { gpsrContact } from './gpsrContact';
import { info } from './info';
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
import { defineActions } from '../../actions/define';
import { toolSafetyProperties } from '../../actions/toolSafety';

export const actions = defineActions({
	resources: [
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
	],
	defaultResource: 'order',
	// 2.1: Simplify on the reads of records, and Sort as its own collection below Options; 2 stays as saved workflows have it.
	sortCollectionSince: 2.1,
	outputChoiceSince: 2.1,
	toolSafety: { since: 2.1, properties: toolSafetyProperties },
});

export const { resources, resourceSelector } = actions;
