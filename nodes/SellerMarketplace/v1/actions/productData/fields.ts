/** Fields and body builder shared by the product data operations (Create or Replace, Update). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError, parseJsonObject, requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { successItem } from '../../helpers/output';
import {
	attributeRowsField,
	collectRows,
	defineDataField,
	isValue,
} from '../../../../shared/descriptions/attributeRows';

/**
 * The property of the upload object that carries user-defined attributes: "by name, each with an array of
 * values" in the spec, so `{"Suitable for": ["kids"]}` (the SDK's list of `{attribute, value[]}` is not used).
 */
const USER_DEFINED = 'additional_attributes';

export const eanField: INodeProperties = {
	displayName: 'EAN',
	name: 'ean',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 0012345678905',
	description: 'EAN (GTIN) of the product: 8 to 14 digits, leading zeros included',
};

/** "Define Data" switch, the attribute rows, user-defined attributes, and the JSON alternative. */
export const productDataFields: INodeProperties[] = [
	defineDataField('Give the whole product data object as JSON'),
	attributeRowsField({
		displayName: 'Attributes',
		name: 'attributes',
		placeholder: 'Add Attribute',
		description:
			"Attributes the marketplace knows, such as title, description, manufacturer, picture or mpn. Category → Get with 'Mandatory Attributes' lists those a category needs.",
		rowName: 'Attribute name, e.g. title, description, manufacturer, picture',
	}),
	attributeRowsField({
		displayName: 'User-Defined Attributes',
		name: 'userDefinedAttributes',
		placeholder: 'Add User-Defined Attribute',
		description: 'Your own attributes the marketplace has no name for (sent as additional_attributes)',
		rowName: 'Your own attribute name, e.g. Suitable for',
	}),
	{
		displayName: 'Product Data (JSON)',
		name: 'productDataJson',
		type: 'json',
		default: '{\n  "title": [""],\n  "description": [""]\n}',
		description:
			'An object of attribute name → list of values, e.g. {"title": ["Headphones"], "picture": ["https://…/1.jpg", "https://…/2.jpg"]}. User-defined attributes go in "additional_attributes", also by name with a list of values: {"Suitable for": ["kids"]}.',
		displayOptions: { show: { defineData: ['json'] } },
	},
];

function fromFields(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const data: IDataObject = {};
	for (const [name, values] of collectRows(context, itemIndex, 'attributes', 'Attributes')) {
		if (name === USER_DEFINED) {
			throw inputError(
				context,
				itemIndex,
				`"Attributes": put your own attributes in "User-Defined Attributes", not in a row named "${USER_DEFINED}"`,
			);
		}
		data[name] = values;
	}
	const userDefined = collectRows(context, itemIndex, 'userDefinedAttributes', 'User-Defined Attributes');
	if (userDefined.size) data[USER_DEFINED] = Object.fromEntries(userDefined);
	return data;
}

function fromJson(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const label = 'Product Data (JSON)';
	const data = parseJsonObject(context, 'productDataJson', itemIndex, label);
	const checkValues = (name: string, values: unknown, where = '') => {
		if (!name.trim()) throw inputError(context, itemIndex, `"${label}": an attribute name${where} is empty`);
		if (!Array.isArray(values)) {
			throw inputError(
				context,
				itemIndex,
				`"${label}": "${name}"${where} must be a list of values, like ["${typeof values === 'string' ? values : '…'}"]`,
			);
		}
		if (!values.every(isValue)) {
			throw inputError(
				context,
				itemIndex,
				`"${label}": the values of "${name}"${where} must be non-empty text or numbers`,
			);
		}
	};
	for (const [name, values] of Object.entries(data)) {
		if (name !== USER_DEFINED) {
			checkValues(name, values);
			continue;
		}
		if (typeof values !== 'object' || values === null || Array.isArray(values)) {
			throw inputError(
				context,
				itemIndex,
				`"${label}": "${USER_DEFINED}" must be an object of your attribute names, each with a list of values, like {"Suitable for": ["kids"]}`,
			);
		}
		for (const [attribute, attributeValues] of Object.entries(values))
			checkValues(attribute, attributeValues, ` in "${USER_DEFINED}"`);
	}
	return data;
}

/**
 * The product data upload object for one EAN: attribute name → list of values, the EAN included as `ean`,
 * user-defined attributes under `additional_attributes`. Refuses an empty object and an `ean` that
 * contradicts the EAN field.
 */
export function buildProductData(context: IExecuteFunctions, itemIndex: number, ean: string): IDataObject {
	const mode = context.getNodeParameter('defineData', itemIndex, 'fields') as string;
	const data = mode === 'json' ? fromJson(context, itemIndex) : fromFields(context, itemIndex);
	const where = mode === 'json' ? '"Product Data (JSON)"' : '"Attributes"';
	if ('ean' in data) {
		const given = (data.ean as unknown[]).map(String);
		if (given.length !== 1 || given[0] !== ean) {
			throw inputError(
				context,
				itemIndex,
				`${where}: "ean" (${given.join(', ')}) differs from the EAN field (${ean}); leave it out, the EAN field is sent`,
			);
		}
	}
	const attributes = { ...data };
	delete attributes.ean;
	if (!Object.keys(attributes).length) {
		throw inputError(context, itemIndex, `${where}: add at least one attribute to send for EAN ${ean}`);
	}
	return { ean: [ean], ...attributes };
}

/** Create or Replace (PUT) and Update (PATCH): sends the product data of the item's EAN (201 or 204, no body). */
export async function sendProductData(
	context: IExecuteFunctions,
	itemIndex: number,
	method: 'PUT' | 'PATCH',
): Promise<IDataObject> {
	const ean = requireEan(context, 'ean', itemIndex);
	const body = buildProductData(context, itemIndex, ean);
	const response = await apiRequest.call(context, { method, path: apiPath`/product-data/${ean}/`, body, itemIndex });
	return successItem(response, { ean });
}
