import { embeddedField, idLocator } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { defineOperation } from '../../../actions/define';

/** GET /categories/{id_category}/: one category, optionally with its parent, children and attributes. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a category',
	attempt: ['get category {categoryId}', 'get a category'],
	summary: 'Read one category, optionally with its attributes',
	endpoint: 'GET /categories/{id_category}/',
	properties: [
		idLocator({
			displayName: 'Category',
			name: 'categoryId',
			searchListMethod: 'searchCategories',
			placeholder: 'e.g. 12345',
			description: 'The category to read; search by name or paste its ID',
		}),
		embeddedField(
			['children', 'mandatory_attributes', 'optional_attributes', 'parent'],
			'Related data to include: the parent or child categories, and the attributes product data of this category must or may have',
		),
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'categoryId', itemIndex, 'Category');
		return await getWithEmbedded(this, apiPath`/categories/${id}/`, itemIndex);
	},
});
