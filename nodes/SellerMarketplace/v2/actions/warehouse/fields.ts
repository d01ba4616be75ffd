/** The warehouse to act on, and the fields of a warehouse (create and update both send all of them). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	bounded,
	checkCountryCode,
	inputError,
	lineOfText,
	requireIntegerId,
	requireString,
} from '../../../../shared/helpers/validation';
import { idLocator, textField } from '../../descriptions/fields';
import { optionalText } from '../../helpers/values';
import { apiPath, apiRequestData } from '../../../../api/v2';

export const warehouseIdField = idLocator({
	displayName: 'Warehouse',
	name: 'warehouseId',
	searchListMethod: 'searchWarehouses',
	placeholder: 'e.g. 12',
	description: 'One of your warehouses, picked from the list or given by its numeric ID',
});

export function getWarehouseId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'warehouseId', itemIndex, 'Warehouse');
}

const REQUIRED: Array<[name: string, label: string, apiField: string, placeholder: string]> = [
	['name', 'Name', 'name', 'e.g. Main warehouse'],
	['street', 'Street', 'street', 'e.g. Lagerstraße'],
	['houseNumber', 'House Number', 'house_number', 'e.g. 1a'],
	['postcode', 'Postcode', 'postcode', 'e.g. 20095'],
	['city', 'City', 'city', 'e.g. Hamburg'],
	['country', 'Country', 'country', 'e.g. DE'],
];

export const warehouseFields: INodeProperties[] = [
	...REQUIRED.map(([name, label, apiField, placeholder]) =>
		bounded(
			textField(
				label,
				name,
				name === 'country'
					? 'Two-letter country code (ISO 3166), e.g. DE. A warehouse keeps its country.'
					: `The warehouse's ${label.toLowerCase()}`,
				{
					required: true,
					placeholder,
				},
			),
			// The body's path: the name at its top, the rest in `address`.
			lineOfText(name === 'name' ? apiField : `address.${apiField}`),
		),
	),
	bounded(
		textField('Phone', 'phone', 'Phone number of the warehouse', { placeholder: 'e.g. +49 40 1234567' }),
		lineOfText('address.phone'),
	),
	{
		displayName: 'Default Warehouse',
		name: 'isDefault',
		type: 'boolean',
		default: false,
		description:
			'Whether this is your default warehouse. Setting it makes the previous default an ordinary warehouse; the default cannot be unset, only replaced.',
	},
];

/** Update's "Default Warehouse": on makes it the default; off keeps what the warehouse is now (the default stays the default). */
export const updateWarehouseFields: INodeProperties[] = warehouseFields.map((field) =>
	field.name === 'isDefault'
		? {
				...field,
				displayName: 'Make Default',
				description:
					'Whether to make this your default warehouse (the previous default becomes an ordinary one). Off keeps the current setting: the default warehouse stays the default.',
			}
		: field,
);

/** The `WarehouseBodyRequest` from the form, checked before anything is sent. */
export function warehouseBody(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const value = (name: string, label: string) => requireString(context, name, itemIndex, label);
	const country = checkCountryCode(context, value('country', 'Country'), itemIndex, 'Country');
	if (!country || country === 'DE-Islands')
		throw inputError(context, itemIndex, '"Country" must be a two-letter country code such as DE');
	const address: IDataObject = {};
	for (const [name, label, apiField] of REQUIRED.slice(1, -1)) address[apiField] = value(name, label);
	address.country = country;
	const phone = optionalText(context.getNodeParameter('phone', itemIndex, ''));
	if (phone) address.phone = phone;
	return {
		name: value('name', 'Name'),
		address,
		is_default: context.getNodeParameter('isDefault', itemIndex, false) === true,
	};
}

/**
 * PUT's body: `is_default` is required there, so when the seller does not make the warehouse the default, its
 * current setting is read and sent again (sending false for the default warehouse would be refused: the
 * default can only be replaced).
 */
export async function warehouseUpdateBody(
	context: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<IDataObject> {
	const body = warehouseBody(context, itemIndex);
	if (body.is_default === true) return body;
	const current = await apiRequestData.call(context, { method: 'GET', path: apiPath`/warehouses/${id}`, itemIndex });
	return { ...body, is_default: current.is_default === true };
}

export const WAREHOUSE_FIELD_LABELS: Record<string, string> = {
	name: 'Name',
	'address.street': 'Street',
	'address.house_number': 'House Number',
	'address.postcode': 'Postcode',
	'address.city': 'City',
	'address.country': 'Country',
	'address.phone': 'Phone',
	is_default: 'Default Warehouse',
};
