/** Fields of the shared-set operations: which attribute, and the language the values come in. */
import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptions/fields';
import { CATALOG_LOCALES } from '../../../../api/v2/enums';

export const sharedSetAttributeField = idLocator({
	displayName: 'Attribute',
	name: 'attributeId',
	searchListMethod: 'searchAttributes',
	placeholder: 'e.g. 351',
	description:
		'An attribute that takes values from a shared set (is_sharedset in Attribute → Get), e.g. the manufacturer',
});

/** The shared-set endpoints require a language. */
export const sharedSetLocaleField: INodeProperties = {
	displayName: 'Language',
	name: 'locale',
	type: 'options',
	options: CATALOG_LOCALES.map((locale) => ({ name: locale, value: locale })),
	default: 'de-DE',
	required: true,
	description: 'The language of the values',
};

export const SHARED_SET_FIELD_LABELS: Record<string, string> = {
	id_attribute: 'Attribute',
	locale: 'Language',
	q: 'Search Text',
};
