import type { IDataObject } from 'n8n-workflow';

import { bounded, compact, lineOfText, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { listFields, readCollection, textField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { has, optionalText, wholeNumber } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { localeField, localeOf } from '../../descriptions/locale';

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
			bounded(
				textField('Parent Category ID', 'parentId', 'Only the direct subcategories of this category (id_category)'),
				{ fills: ['id_parent'], minimum: 1, decimals: 0, maxLength: TEXT_CAPS.line },
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
			id_parent: has(filters, 'parentId')
				? wholeNumber(this, filters.parentId, itemIndex, 'Parent Category ID', { min: 1, max: Number.MAX_SAFE_INTEGER })
				: undefined,
			locale: localeOf(this, itemIndex),
		});
		return await readCollection(this, itemIndex, { path: '/categories', query, pageSize: 100, idField: 'id_category' });
	},
});
