import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField, listFields, sortOptions } from '../../descriptions/common';
import { orderUnitStatusOptions } from '../../../../api/v1/enums';
import { toApiTimestamp } from '../../helpers/output';
import { compact } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { applyDownloadLinksOption, includeDownloadLinksOption } from '../../../../shared/helpers/output';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /order-units/seller/: the seller's order units (one per unit ordered), filtered and sorted. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many order units',
	attempt: 'get many order units',
	summary: 'List your order units, e.g. those waiting to be sent',
	endpoint: 'GET /order-units/seller/',
	output: outputShapes.orderUnit,
	properties: [
		...listFields([
			fromDateField('Created After', 'createdFrom', 'Only order units ordered at or after this time'),
			{
				displayName: 'Offer ID',
				name: 'offerId',
				type: 'string',
				default: '',
				description: 'Only order units of this offer: the ID you gave your unit (id_offer)',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'multiOptions',
				options: orderUnitStatusOptions,
				default: [],
				description:
					'Only order units in one of these states, e.g. "Need to Be Sent" for the units waiting to be shipped',
			},
			fromDateField('Updated After', 'updatedFrom', 'Only order units that changed at or after this time'),
		]),
		{ ...sortOptions(), options: [includeDownloadLinksOption, ...(sortOptions().options ?? [])] },
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			status: filters.status as string[] | undefined,
			id_offer: typeof filters.offerId === 'string' ? filters.offerId.trim() : filters.offerId,
			'ts_created:from': toApiTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			'ts_updated:from': toApiTimestamp(this, filters.updatedFrom, itemIndex, 'Updated After'),
			// Newest first unless chosen otherwise, as the public SDK asks for it.
			sort: chosenSort(this, itemIndex) ?? 'ts_created:desc',
		});
		return await readGetManyV1.call(
			this,
			itemIndex,
			{ path: '/order-units/seller/', query, idField: 'id_order_unit' },
			(records) => applyDownloadLinksOption(this, itemIndex, records),
		);
	},
});
