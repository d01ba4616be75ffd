/** The optional Language field of the catalogue reads (categories, attributes): `locale` (ProductDataLocale). */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCALE_TERMS } from '../../../shared/descriptions/vocabulary';
import { CATALOG_LOCALES, toOptions } from '../../../api/v2/enums';
import { optionalText } from '../helpers/values';

/** `locale`: the language of the names and titles, when not the storefront's own. */
export const localeField: INodeProperties = {
	displayName: 'Language',
	name: 'locale',
	type: 'options',
	options: [{ name: "Storefront's Language", value: '' }, ...toOptions(CATALOG_LOCALES, LOCALE_TERMS)],
	default: '',
	description: 'The language of the names and titles',
};

export function localeOf(context: IExecuteFunctions, itemIndex: number): string | undefined {
	return optionalText(context.getNodeParameter('locale', itemIndex, ''));
}
