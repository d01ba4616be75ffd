import type { IDataObject } from 'n8n-workflow';

import { embeddedField, listFields } from '../../descriptions/common';
import { checkEan, compact, toWholeNumber } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /units/seller/: your units (offers). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many units',
	attempt: 'get many units',
	summary: 'List your offers',
	endpoint: 'GET /units/seller/',
	output: outputShapes.unit,
	properties: [
		...listFields([
			{
				displayName: 'EAN',
				name: 'ean',
				type: 'string',
				default: '',
				placeholder: 'e.g. 4006381333931',
				description: 'Only units of the product with this EAN (8 to 14 digits)',
			},
			{
				displayName: 'Item ID',
				name: 'itemId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 20574181',
				description: 'Only units of this item (product)',
			},
			{
				displayName: 'Offer ID',
				name: 'offerId',
				type: 'string',
				default: '',
				placeholder: 'e.g. SKU-4711',
				description: 'Only the unit with this offer ID of yours',
			},
		]),
		embeddedField(['item'], 'Related data to include in each unit: the item (product) offered'),
		{
			displayName: 'New units can take a few minutes to appear in this list',
			name: 'delayNotice',
			type: 'notice',
			default: '',
		},
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const itemId = String(filters.itemId ?? '').trim();
		const ean = String(filters.ean ?? '').trim();
		const query = compact({
			id_item: itemId ? toWholeNumber(this, itemId, itemIndex, 'Item ID', { min: 1 }) : undefined,
			ean: ean ? checkEan(this, ean, itemIndex) : undefined,
			id_offer: String(filters.offerId ?? '').trim(),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
		});
		return await readGetManyV1.call(this, itemIndex, { path: '/units/seller/', query, idField: 'id_unit' });
	},
});
