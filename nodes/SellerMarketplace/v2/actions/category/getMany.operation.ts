import type { IDataObject } from 'n8n-workflow';

import { bounded, compact, lineOfText } from '../../../../shared/helpers/validation';
import { idFilterField, idFilterOf, listFields, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { localeField, localeOf } from '../../descriptions/locale';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /categories?storefront=: categories, searched by text or under a parent, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many categories',
	attempt: 'get many categories',
	summary: 'List or search the categories of a storefront',
	endpoint: 'GET /categories',
	properties: [
		...listFields(storefrontField, [
			idFilterField(
				'Parent Category ID',
				'parentId',
				'Only the direct subcategories of this category (id_category)',
				'id_parent',
			),
			bounded(
				textField('Search Text', 'q', 'Only categories whose name matches this text, e.g. Buch'),
				lineOfText('q'),
			),
		]),
		localeField,
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			q: optionalText(filters.q),
			id_parent: idFilterOf(this, filters, 'parentId', itemIndex, 'Parent Category ID'),
			locale: localeOf(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/categories',
			query,
			pageSize: pageSizeOf('/categories'),
			idField: 'id_category',
		});
	},
});
