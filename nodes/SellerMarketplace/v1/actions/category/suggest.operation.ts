import type { IDataObject } from 'n8n-workflow';

import { requireString, toCents } from '../../../../shared/helpers/validation';
import { apiRequestList } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/**
 * POST /categories/decide/: up to 5 categories that fit a product, the most likely first (one item each).
 * The spec's body has all three item strings, so description and manufacturer are required too.
 */
export const suggest = defineOperation({
	value: 'suggest',
	name: 'Suggest',
	action: 'Suggest categories for a product',
	attempt: 'suggest categories for a product',
	summary: 'Ask which categories fit a product (up to 5, most likely first)',
	endpoint: 'POST /categories/decide/',
	changesNothing: true,
	properties: [
		{
			displayName: 'Product Title',
			name: 'title',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Wireless Over-Ear Headphones, Black',
			description: 'Title of the product to find a category for',
		},
		{
			displayName: 'Price (in Cents)',
			name: 'price',
			type: 'number',
			required: true,
			typeOptions: { minValue: 1 },
			default: 1,
			placeholder: 'e.g. 4999',
			description: 'Price of the product in cents (4999 for 49.99); it helps to tell similar categories apart',
		},
		{
			displayName: 'Product Description',
			name: 'productDescription',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			description: 'Description of the product; the more text, the better the suggestions',
		},
		{
			displayName: 'Manufacturer',
			name: 'manufacturer',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Sony',
		},
	],
	async execute(itemIndex) {
		const item: IDataObject = {
			title: requireString(this, 'title', itemIndex, 'Product Title'),
			description: requireString(this, 'productDescription', itemIndex, 'Product Description'),
			manufacturer: requireString(this, 'manufacturer', itemIndex, 'Manufacturer'),
		};
		const price = toCents(this, this.getNodeParameter('price', itemIndex), itemIndex, 'Price (in Cents)', {
			allowZero: false,
		});
		return await apiRequestList.call(this, {
			method: 'POST',
			path: '/categories/decide/',
			body: { item, price },
			// Asking for suggestions changes nothing, so it is safe to retry like a read.
			idempotent: true,
			itemIndex,
		});
	},
});
