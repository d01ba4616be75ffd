/** Fields of the product (catalogue) operations. */
import type { INodeProperties } from 'n8n-workflow';

import { embeddedField, idLocator } from '../../descriptions/fields';
import { PRODUCT_EMBEDDABLES } from '../../../../api/v2/enums';

/** "Include": the product's category (full or basic) and the offers on it. */
export const productEmbeddedField = embeddedField(
	[...PRODUCT_EMBEDDABLES],
	'More data to include with each product. Category wins over Category Basic when both are chosen.',
);

/** A product of the catalogue, searched by title, manufacturer or EAN in the form's storefront, or given by its ID. */
export function productIdField(description: string, show?: Record<string, string[]>): INodeProperties {
	return {
		...idLocator({
			displayName: 'Product',
			name: 'productId',
			searchListMethod: 'searchProducts',
			searchFilterRequired: true,
			placeholder: 'e.g. 362524873',
			description,
		}),
		...(show ? { displayOptions: { show } } : {}),
	};
}
