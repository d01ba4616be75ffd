/** Fields of the category operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { CATALOG_LOCALES, toOptions } from '../../helpers/enums';
import { optionalText } from '../../helpers/values';

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

/** `locale`: the language of the names and titles, when not the storefront's own. */
export const localeField: INodeProperties = {
	displayName: 'Language',
	name: 'locale',
	type: 'options',
	options: [{ name: "Storefront's Language", value: '' }, ...toOptions([...CATALOG_LOCALES], Object.fromEntries(CATALOG_LOCALES.map((l) => [l, l])))],
	default: '',
	description: 'The language of the category names and titles',
};

export function localeOf(context: IExecuteFunctions, itemIndex: number): string | undefined {
	return optionalText(context.getNodeParameter('locale', itemIndex, ''));
}
