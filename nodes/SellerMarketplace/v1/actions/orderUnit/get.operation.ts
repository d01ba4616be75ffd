import { embeddedField } from '../../descriptions/common';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { getOrderUnitId, orderUnitIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /order-units/{id_order_unit}/: one order unit with buyer, addresses, item and invoice. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an order unit',
	attempt: ['get order unit {orderUnitId}', 'get an order unit'],
	summary: 'Get one order unit with buyer, addresses and item',
	endpoint: 'GET /order-units/{id_order_unit}/',
	output: outputShapes.orderUnit,
	properties: [
		orderUnitIdField,
		embeddedField(
			['delivery_attempt_timestamp', 'return_unit', 'tickets'],
			'Related data to include in the order unit: first delivery attempt, its return unit, its tickets',
		),
		downloadLinksOptions,
	],
	async execute(itemIndex) {
		const orderUnitId = getOrderUnitId(this, itemIndex);
		const record = await getWithEmbedded(this, apiPath`/order-units/${orderUnitId}/`, itemIndex);
		return applyDownloadLinksOption(this, itemIndex, record);
	},
});
