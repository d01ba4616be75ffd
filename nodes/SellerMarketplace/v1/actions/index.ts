/** Every resource of API v1, spoken by node versions 1 and 1.1, and what differs between those two. */
import { defineActions } from '../../actions/define';
import { toolSafetyProperties } from '../../actions/toolSafety';
import { attribute } from './attribute';
import { category } from './category';
import { claim } from './claim';
import { claimMessage } from './claimMessage';
import { importFile } from './importFile';
import { item } from './item';
import { order } from './order';
import { orderInvoice } from './orderInvoice';
import { orderUnit } from './orderUnit';
import { productData } from './productData';
import { returnResource } from './return';
import { returnUnit } from './returnUnit';
import { shippingGroup } from './shippingGroup';
import { status } from './status';
import { subscription } from './subscription';
import { ticket } from './ticket';
import { ticketMessage } from './ticketMessage';
import { unit } from './unit';
import { warehouse } from './warehouse';

export const actions = defineActions({
	resources: [
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
		returnResource,
		returnUnit,
		shippingGroup,
		subscription,
		ticket,
		ticketMessage,
		unit,
		warehouse,
	],
	defaultResource: 'order',
	// 1.1 adds Simplify on the reads of records. Sort stays under Options in both: saved workflows of 1.1 have it there.
	outputChoiceSince: 1.1,
	toolSafety: { since: 1.1, properties: toolSafetyProperties },
});

export const { resources, resourceSelector } = actions;
