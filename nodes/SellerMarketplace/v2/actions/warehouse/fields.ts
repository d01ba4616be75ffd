/** The warehouse to act on, and the fields of a warehouse (create and update both send all of them). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkCountryCode, inputError, requireIntegerId, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { idLocator, textField } from '../../descriptions/fields';
import { apiField, formOf, labelsOf, readParameters, type ApiField, type ApiName } from '../../descriptions/apiField';
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

/** A line of the warehouse's address (WarehouseAddressRequest, the body's `address`). */
function addressField(
	api: ApiName<'WarehouseAddressRequest'>,
	displayName: string,
	name: string,
	placeholder: string,
	description = `The warehouse's ${displayName.toLowerCase()}`,
	check?: (context: IExecuteFunctions, value: string, itemIndex: number, label: string) => unknown,
): ApiField {
	return apiField({
		schemas: ['WarehouseAddressRequest'],
		api,
		at: 'address',
		kind: 'text',
		property: textField(displayName, name, description, { placeholder }),
		// The OpenAPI leaves the address unbounded; a line of text is far above any real one.
		adds: { maxLength: TEXT_CAPS.line },
		check,
	});
}

/** The fields of the `WarehouseBodyRequest`, each declared once, in the order of the form and the body. */
const WAREHOUSE_FIELDS: ApiField[] = [
	apiField({
		schemas: ['WarehouseBodyRequest'],
		api: 'name',
		kind: 'text',
		property: textField('Name', 'name', "The warehouse's name", { placeholder: 'e.g. Main warehouse' }),
		// The OpenAPI leaves the name unbounded; a line of text is far above any real one.
		adds: { maxLength: TEXT_CAPS.line },
	}),
	addressField('street', 'Street', 'street', 'e.g. Lagerstraße'),
	addressField('house_number', 'House Number', 'houseNumber', 'e.g. 1a'),
	addressField('postcode', 'Postcode', 'postcode', 'e.g. 20095'),
	addressField('city', 'City', 'city', 'e.g. Hamburg'),
	addressField(
		'country',
		'Country',
		'country',
		'e.g. DE',
		'Two-letter country code (ISO 3166), e.g. DE. A warehouse keeps its country.',
		(context, value, itemIndex, label) => {
			// A warehouse is in a country: the marketplace's own `DE-Islands` is a region of a storefront, not one.
			const country = checkCountryCode(context, value, itemIndex, label);
			if (!country || country === 'DE-Islands')
				throw inputError(context, itemIndex, `"${label}" must be a two-letter country code such as DE`);
			return country;
		},
	),
	addressField('phone', 'Phone', 'phone', 'e.g. +49 40 1234567', 'Phone number of the warehouse'),
];

const defaultWarehouseField: INodeProperties = {
	displayName: 'Default Warehouse',
	name: 'isDefault',
	type: 'boolean',
	default: false,
	description:
		'Whether this is your default warehouse. Setting it makes the previous default an ordinary warehouse; the default cannot be unset, only replaced.',
};

export const warehouseFields: INodeProperties[] = [
	...WAREHOUSE_FIELDS.map((field) => formOf(field)),
	defaultWarehouseField,
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
	return {
		...readParameters(WAREHOUSE_FIELDS, context, itemIndex, undefined),
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

export const WAREHOUSE_FIELD_LABELS: Record<string, string> = labelsOf(WAREHOUSE_FIELDS, {
	is_default: defaultWarehouseField,
});
