/** Fields of the category operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

export const categoryIdField: INodeProperties = idLocator({
	displayName: 'Category',
	name: 'categoryId',
	searchListMethod: 'searchCategories',
	placeholder: 'e.g. 15',
	description: 'The category, searched by name in the chosen storefront, or its ID (id_category)',
});

export function getCategoryId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'categoryId', itemIndex, 'Category');
}
