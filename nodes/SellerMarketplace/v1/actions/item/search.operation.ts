import { embeddedField, returnAllOrLimit } from '../../descriptions/common';
import { checkEan, compact, inputError } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** GET /items/: items (the shared product records) matching a search term and/or an EAN. */
export const search = defineOperation({
	value: 'search',
	name: 'Search',
	action: 'Search items',
	attempt: ['search items for EAN {ean}', 'search items'],
	summary: 'Find items (products) by search term or EAN',
	endpoint: 'GET /items/',
	properties: [
		{
			displayName: 'Fill in a search term, an EAN or both',
			name: 'searchNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Search Term',
			name: 'searchTerm',
			type: 'string',
			default: '',
			placeholder: 'e.g. wireless headphones',
			description: 'Words to look for in the item titles',
		},
		{
			displayName: 'EAN',
			name: 'ean',
			type: 'string',
			default: '',
			placeholder: 'e.g. 4006381333931',
			description: 'The EAN (GTIN) of the product: 8 to 14 digits, leading zeros included',
		},
		embeddedField(
			['category', 'units'],
			'Related data to include in each item: its category, and the offers (units) of all sellers',
		),
		...returnAllOrLimit(),
	],
	async execute(itemIndex) {
		const q = String(this.getNodeParameter('searchTerm', itemIndex, '') ?? '').trim();
		const eanText = String(this.getNodeParameter('ean', itemIndex, '') ?? '').trim();
		if (!q && !eanText) throw inputError(this, itemIndex, 'Fill in "Search Term" or "EAN" (or both) to search items');
		const ean = eanText ? checkEan(this, eanText, itemIndex) : undefined;
		const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
		return await readGetManyV1.call(this, itemIndex, {
			path: '/items/',
			query: compact({ q, ean, embedded }),
			idField: 'id_item',
		});
	},
});
