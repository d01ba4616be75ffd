import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { ORDER_UNIT_STATUS_TERMS } from '../../../../shared/descriptions/vocabulary';
import { bounded, compact, lineOfText } from '../../../../shared/helpers/validation';
import {
	collectionField,
	createdAfterFilter,
	fulfillmentTypeFilter,
	listFields,
	sharedFiltersQuery,
	textField,
	updatedAfterFilter,
} from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { newestFirstSort } from '../../descriptions/sort';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { ORDER_UNIT_STATUSES, toOptions } from '../../../../api/v2/enums';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { outputShapes } from '../../helpers/outputShapes';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /order-units: the seller's order units (one per unit ordered), 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many order units',
	attempt: 'get many order units',
	summary: 'List your order units, e.g. those waiting to be sent',
	endpoint: 'GET /order-units',
	output: outputShapes.orderUnit,
	properties: [
		...listFields(storefrontFilterField, [
			createdAfterFilter('Only order units ordered at or after this time'),
			fulfillmentTypeFilter,
			bounded(
				textField('Offer ID', 'offerId', 'Only order units of this offer: the ID you gave your unit (id_offer)'),
				lineOfText('id_offer'),
			),
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: toOptions(ORDER_UNIT_STATUSES, ORDER_UNIT_STATUS_TERMS),
				default: [],
				description:
					'Only order units in one of these states, e.g. "Need To Be Sent" for the units waiting to be shipped',
			},
			updatedAfterFilter('Only order units that changed at or after this time'),
		]),
		collectionField('Options', 'options', [newestFirstSort('ts_created', 'ts_updated')], 'Add Option'),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			id_offer: optionalText(filters.offerId),
			status: filters.status as string[] | undefined,
			...sharedFiltersQuery(this, itemIndex, filters),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/order-units',
			query,
			pageSize: pageSizeOf('/order-units'),
			idField: 'id_order_unit',
		});
	},
});
