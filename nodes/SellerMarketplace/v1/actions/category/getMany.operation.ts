import type { IDataObject } from 'n8n-workflow';

import { idLocator, returnAllOrLimit } from '../../descriptions/common';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { readGetManyV1 } from '../../helpers/collection';
import { defineOperation } from '../../../actions/define';

/** The API's page cap for categories (every other collection has 30). */
const CATEGORY_PAGE_SIZE = 1000;

/** GET /categories/: the subcategories of a parent (`id_parent`) or a name search (`q`). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many categories',
	attempt: ['get many categories for parent category {parentCategory}', 'get many categories'],
	summary: 'List the subcategories of a category, or search categories by name',
	endpoint: 'GET /categories/',
	properties: [
		{
			displayName: 'Filter By',
			name: 'filterBy',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Name Search', value: 'search', description: 'Categories whose name contains a search term' },
				{ name: 'Parent Category', value: 'parent', description: 'The direct subcategories of one category' },
			],
			default: 'parent',
		},
		{
			...idLocator({
				displayName: 'Parent Category',
				name: 'parentCategory',
				searchListMethod: 'searchCategories',
				placeholder: 'e.g. 1',
				description:
					'List the direct subcategories of this category. The root category is 1; its subcategories are the main product areas.',
			}),
			default: { mode: 'id', value: '1' },
			displayOptions: { show: { filterBy: ['parent'] } },
		},
		{
			displayName: 'Search Term',
			name: 'searchTerm',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. headphones',
			description: 'Text to look for in the category names',
			displayOptions: { show: { filterBy: ['search'] } },
		},
		...returnAllOrLimit(),
	],
	async execute(itemIndex) {
		const filterBy = this.getNodeParameter('filterBy', itemIndex) as string;
		const query: IDataObject =
			filterBy === 'search'
				? { q: requireString(this, 'searchTerm', itemIndex, 'Search Term') }
				: { id_parent: requireIntegerId(this, 'parentCategory', itemIndex, 'Parent Category') };
		return await readGetManyV1.call(this, itemIndex, {
			path: '/categories/',
			query,
			pageSize: CATEGORY_PAGE_SIZE,
			idField: 'id_category',
		});
	},
});
