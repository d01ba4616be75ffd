import type { IDataObject } from 'n8n-workflow';

import { fromDateField, listFields } from '../../descriptions/common';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /orders/seller/: the seller's orders (orders fulfilled by the marketplace are not listed). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many orders',
	attempt: 'get many orders',
	summary: 'List your orders',
	endpoint: 'GET /orders/seller/',
	output: outputShapes.order,
	properties: [
		...listFields([
			fromDateField('Created After', 'createdFrom', 'Only orders placed at or after this time'),
			fromDateField(
				'Units Updated After',
				'unitsUpdatedFrom',
				'Only orders with an order unit that changed (sent, cancelled, refunded...) at or after this time',
			),
		]),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			'ts_units_updated:from': toApiTimestamp(this, filters.unitsUpdatedFrom, itemIndex, 'Units Updated After'),
		});
		return await readGetManyV1.call(this, itemIndex, { path: '/orders/seller/', query, idField: 'id_order' });
	},
});
