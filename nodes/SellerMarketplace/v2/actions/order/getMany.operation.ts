import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../../../shared/helpers/validation';
import { createdAfterFilter, dateFilterField, fulfillmentTypeFilter, listFields } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { toIsoTimestamp } from '../../helpers/dates';
import { defineOperation } from '../../../actions/define';
import { outputShapes } from '../../helpers/outputShapes';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /orders: the seller's orders, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many orders',
	attempt: 'get many orders',
	summary: 'List your orders',
	endpoint: 'GET /orders',
	output: outputShapes.order,
	properties: listFields(storefrontFilterField, [
		createdAfterFilter('Only orders placed at or after this time'),
		fulfillmentTypeFilter,
		dateFilterField(
			'Units Updated After',
			'unitsUpdatedFrom',
			'Only orders with an order unit that changed (sent, cancelled, refunded...) at or after this time',
			'ts_units_updated_from_iso',
		),
	]),
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			ts_created_from_iso: toIsoTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			ts_units_updated_from_iso: toIsoTimestamp(this, filters.unitsUpdatedFrom, itemIndex, 'Units Updated After'),
			fulfillment_type: filters.fulfillmentType as string[] | undefined,
		});
		return await readGetMany(this, itemIndex, {
			path: '/orders',
			query,
			pageSize: pageSizeOf('/orders'),
			idField: 'id_order',
		});
	},
});
