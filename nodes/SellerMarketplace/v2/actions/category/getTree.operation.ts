import { compact } from '../../../../shared/helpers/validation';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { localeField, localeOf } from '../../descriptions/locale';

/** GET /categories/tree?storefront=: the whole tree from the root, as one item. */
export const getTree = defineOperation({
	value: 'getTree',
	name: 'Get Tree',
	action: 'Get the category tree',
	attempt: 'get the category tree',
	summary: 'Read the whole category tree of a storefront as one item (each category with its children)',
	endpoint: 'GET /categories/tree',
	properties: [storefrontField, localeField],
	async execute(itemIndex) {
		const query = compact({ storefront: await requiredStorefront(this, itemIndex), locale: localeOf(this, itemIndex) });
		return await apiRequestData.call(this, { method: 'GET', path: '/categories/tree', query, itemIndex });
	},
});
