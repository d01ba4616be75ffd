import { bounded, compact, lineOfText } from '../../../../shared/helpers/validation';
import { listFields, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { localeField, localeOf } from '../../descriptions/locale';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /attributes, or GET /attributes/search?q= with a search text; 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many attributes',
	attempt: 'get many attributes',
	summary: 'List the attributes product data may have, or search them by name',
	endpoint: ['GET /attributes', 'GET /attributes/search'],
	properties: [
		...listFields(storefrontField, [
			bounded(
				textField('Search Text', 'q', 'Only attributes whose name or title matches, e.g. colour'),
				lineOfText('q'),
			),
		]),
		localeField,
	],
	async execute(itemIndex) {
		const q = optionalText((this.getNodeParameter('filters', itemIndex, {}) as { q?: unknown }).q);
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			q,
			locale: localeOf(this, itemIndex),
		});
		const path = q === undefined ? '/attributes' : '/attributes/search';
		return await readGetMany(this, itemIndex, { path, query, pageSize: pageSizeOf(path), idField: 'id' });
	},
});
