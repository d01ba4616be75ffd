import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { bounded, compact, lineOfText, requireString } from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { productEmbeddedField } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /products/search?storefront=&q=: products of the catalogue matching a text, 100 a page. */
export const search = defineOperation({
	value: 'search',
	name: 'Search',
	action: 'Search products',
	attempt: 'search products',
	summary: 'Find products of the catalogue by a search text, e.g. a title, a brand or an EAN',
	endpoint: 'GET /products/search',
	properties: [
		bounded(
			textField('Search Text', 'q', 'What to search for, e.g. words of the title or the manufacturer', {
				required: true,
				placeholder: 'e.g. Book',
			}),
			lineOfText('q'),
		),
		storefrontField,
		...returnAllOrLimit(),
		productEmbeddedField,
	],
	async execute(itemIndex) {
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			q: requireString(this, 'q', itemIndex, 'Search Text'),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
		});
		return await readGetMany(this, itemIndex, {
			path: '/products/search',
			query,
			pageSize: pageSizeOf('/products/search'),
			idField: 'id_product',
		});
	},
});
