/** Fields of the product data operations, and the body of Create or Replace and Update. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCALE_TERMS } from '../../../../shared/descriptions/vocabulary';
import {
	attributeRowsField,
	collectRows,
	defineDataField,
	isValue,
} from '../../../../shared/descriptions/attributeRows';
import { bounded, inputError, lineOfText, parseJsonObject, requireEan } from '../../../../shared/helpers/validation';
import { PRODUCT_DATA_LOCALES, toOptions } from '../../../../api/v2/enums';
import { textField } from '../../descriptions/fields';
import { apiRequestAnyData } from '../../../../api/v2';

/** An object attribute, not a list: who in the EU answers for the product's safety (GPSR). */
const SAFETY_CONTACT = 'product_safety_contact';

export const eanField = bounded(
	textField('EAN', 'ean', 'EAN (GTIN) of the product: 8 to 14 digits, leading zeros included', {
		required: true,
		placeholder: 'e.g. 0012345678905',
	}),
	lineOfText('ean'),
);

export const localeField: INodeProperties = {
	displayName: 'Language',
	name: 'locale',
	type: 'options',
	options: toOptions(PRODUCT_DATA_LOCALES, LOCALE_TERMS),
	default: 'de-DE',
	required: true,
	description: 'The language of the product data (each language is kept apart)',
};

/** EAN and language: what names one product data record. */
export function productDataKey(context: IExecuteFunctions, itemIndex: number): { ean: string; locale: string } {
	return {
		ean: requireEan(context, 'ean', itemIndex),
		locale: context.getNodeParameter('locale', itemIndex, 'de-DE') as string,
	};
}

export const productDataFields: INodeProperties[] = [
	defineDataField('Give the attributes as one JSON object'),
	attributeRowsField({
		displayName: 'Attributes',
		name: 'attributes',
		placeholder: 'Add Attribute',
		description:
			"Attributes such as title, description, manufacturer, picture or category. Category → Get with 'Required Attributes' lists those a category needs.",
		rowName:
			"The attribute, from the marketplace's list (searchable), or its name typed By Name, e.g. title, description, manufacturer, picture",
		nameList: 'searchAttributeNames',
	}),
	{
		displayName: 'Attributes (JSON)',
		name: 'attributesJson',
		type: 'json',
		default: '{\n  "title": [""],\n  "description": [""]\n}',
		description:
			'An object of attribute name → list of values, e.g. {"title": ["Headphones"], "picture": ["https://…/1.jpg"]}; "product_safety_contact" is an object: {"name": "…", "email_address": "…", "address": "…"}',
		displayOptions: { show: { defineData: ['json'] } },
	},
];

function fromJson(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const label = 'Attributes (JSON)';
	const attributes = parseJsonObject(context, 'attributesJson', itemIndex, label);
	for (const [name, values] of Object.entries(attributes)) {
		if (!name.trim()) throw inputError(context, itemIndex, `"${label}": an attribute name is empty`);
		if (name === SAFETY_CONTACT) {
			if (typeof values !== 'object' || values === null || Array.isArray(values)) {
				throw inputError(
					context,
					itemIndex,
					`"${label}": "${SAFETY_CONTACT}" must be an object such as {"name": "…", "email_address": "…"}`,
				);
			}
			continue;
		}
		if (!Array.isArray(values) || values.length === 0 || !values.every(isValue)) {
			throw inputError(
				context,
				itemIndex,
				`"${label}": "${name}" must be a list of text or numbers, like ["${typeof values === 'string' ? values : '…'}"]`,
			);
		}
	}
	return attributes;
}

/** `{ean: [ean], attributes}` for PUT and PATCH /product-data; refuses an empty attribute set and an `ean` attribute. */
function productDataBody(context: IExecuteFunctions, itemIndex: number, ean: string): IDataObject {
	const json = context.getNodeParameter('defineData', itemIndex, 'fields') === 'json';
	const attributes = json
		? fromJson(context, itemIndex)
		: Object.fromEntries(collectRows(context, itemIndex, 'attributes', 'Attributes'));
	const where = json ? '"Attributes (JSON)"' : '"Attributes"';
	if ('ean' in attributes) throw inputError(context, itemIndex, `${where}: leave "ean" out, the EAN field is sent`);
	if (Object.keys(attributes).length === 0)
		throw inputError(context, itemIndex, `${where}: add at least one attribute to send for EAN ${ean}`);
	return { ean: [ean], attributes };
}

/**
 * Create or Replace (PUT: the attributes not sent are removed) and Update (PATCH: the others are kept): the same
 * key, body and output; only the method differs.
 */
export async function writeProductData(
	context: IExecuteFunctions,
	itemIndex: number,
	method: 'PUT' | 'PATCH',
): Promise<IDataObject> {
	const { ean, locale } = productDataKey(context, itemIndex);
	const body = productDataBody(context, itemIndex, ean);
	const data = await apiRequestAnyData.call(context, {
		method,
		path: '/product-data',
		query: { locale },
		body,
		itemIndex,
	});
	return writtenProductData(data, ean, locale);
}

/**
 * The output of a successful write (PUT or PATCH /product-data): the record the marketplace answered, or, where its
 * free-form `data` is none (null, text, a list, as its OpenAPI allows), the EAN and language written with that data.
 */
function writtenProductData(data: unknown, ean: string, locale: string): IDataObject {
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as IDataObject;
	return { ean, locale, data: (data ?? null) as IDataObject['data'] };
}
