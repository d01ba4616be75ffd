import type { IDataObject } from 'n8n-workflow';

import { identifyProductField } from '../../../../shared/descriptions/fields';
import { compact, requireEan, requireIntegerId } from '../../../../shared/helpers/validation';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { productEanField } from '../../descriptions/fields';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { productEmbeddedField, productIdField } from './fields';

/** GET /products/{id_product} or GET /products/ean/{ean}, with ?storefront=. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a product',
	attempt: ['get product {productId}', 'get a product for EAN {ean}', 'get a product'],
	summary: 'Read a product of the catalogue by its EAN or its product ID',
	endpoint: ['GET /products/ean/{ean}', 'GET /products/{id_product}'],
	properties: [
		{
			...identifyProductField({
				name: 'Product ID',
				value: 'id',
				description: "The marketplace's ID of the product (id_product)",
			}),
			noDataExpression: false,
			description:
				'How to name the product. An expression may choose per item (ean or id); then fill in both fields below.',
		},
		productEanField('The EAN (GTIN) of the product, 8 to 14 digits'),
		productIdField("The product, searched in the catalogue or given by the marketplace's ID of it (id_product)", {
			identifyBy: ['id'],
		}),
		storefrontField,
		productEmbeddedField,
	],
	async execute(itemIndex) {
		const path =
			this.getNodeParameter('identifyBy', itemIndex, 'ean') === 'ean'
				? apiPath`/products/ean/${requireEan(this, 'ean', itemIndex)}`
				: apiPath`/products/${requireIntegerId(this, 'productId', itemIndex, 'Product')}`;
		const query: IDataObject = compact({
			storefront: await requiredStorefront(this, itemIndex),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
		});
		return await apiRequestData.call(this, { method: 'GET', path, query, itemIndex });
	},
});
