import { compact } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { CATEGORY_EMBEDDABLES } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { categoryIdField, getCategoryId } from './fields';
import { localeField, localeOf } from '../../descriptions/locale';

/** GET /categories/{id_category}?storefront=. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a category',
	attempt: ['get category {categoryId}', 'get a category'],
	summary: 'Read a category, with its fees and, if asked, its attributes, parent and subcategories',
	endpoint: 'GET /categories/{id_category}',
	properties: [
		categoryIdField,
		storefrontField,
		embeddedField(
			[...CATEGORY_EMBEDDABLES],
			'More data to include: the parent, the subcategories, and the attributes products of the category need or may have',
		),
		localeField,
	],
	async execute(itemIndex) {
		const id = getCategoryId(this, itemIndex);
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
			locale: localeOf(this, itemIndex),
		});
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/categories/${id}`, query, itemIndex });
	},
});
