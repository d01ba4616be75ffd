import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField, returnAllOrLimit } from '../../descriptions/common';
import { checkEan, compact, toWholeNumber } from '../../../../shared/helpers/validation';
import { readCollection } from '../../helpers/collection';

const properties: INodeProperties[] = [
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
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
		],
	},
	embeddedField(['item'], 'Related data to include in each unit: the item (product) offered'),
	{
		displayName: 'New units can take a few minutes to appear in this list',
		name: 'delayNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['unit'], operation: ['getMany'] } }, properties);

/** GET /units/seller/: your units (offers). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const itemId = String(filters.itemId ?? '').trim();
	const ean = String(filters.ean ?? '').trim();
	const query = compact({
		id_item: itemId ? toWholeNumber(this, itemId, itemIndex, 'Item ID', { min: 1 }) : undefined,
		ean: ean ? checkEan(this, ean, itemIndex) : undefined,
		id_offer: String(filters.offerId ?? '').trim(),
		embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
	});
	return await readCollection.call(this, itemIndex, { path: '/units/seller/', query, idField: 'id_unit' });
}
