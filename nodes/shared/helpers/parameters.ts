/**
 * Checks every closed-list and yes/no parameter of an operation before it runs. The form only offers valid
 * values, but an expression can produce anything: a typo in a status filter would otherwise return an empty
 * list without complaint, and "yes" for a yes/no field would reach the API as text.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { boundOf, checkBound, inputError } from './validation';

/** The allowed values of a fixed dropdown; undefined for lists loaded from the account at run time. */
function allowedValues(property: INodeProperties): Array<string | number | boolean> | undefined {
	if (property.typeOptions?.loadOptionsMethod || property.typeOptions?.loadOptions) return undefined;
	return ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);
}

function describe(values: Array<string | number | boolean>): string {
	return values.map(String).join(', ');
}

function checkValue(context: IExecuteFunctions, property: INodeProperties, value: unknown, itemIndex: number): void {
	if (value === undefined || value === null) return;
	const label = property.displayName;
	if (property.type === 'boolean') {
		if (typeof value !== 'boolean') {
			throw inputError(context, itemIndex, `"${label}" must be true or false, but it is ${JSON.stringify(value)}`);
		}
		return;
	}
	if (property.type !== 'options' && property.type !== 'multiOptions') return;
	const allowed = allowedValues(property);
	if (!allowed) return;
	const values = property.type === 'multiOptions' ? (Array.isArray(value) ? value : [value]) : [value];
	for (const candidate of values) {
		// An empty single choice is "not set" for optional dropdowns; required ones are checked by the operation.
		if (property.type === 'options' && candidate === '' && !allowed.includes('')) continue;
		if (!allowed.includes(candidate as string)) {
			throw inputError(
				context,
				itemIndex,
				`"${label}" has an unknown value ${JSON.stringify(candidate)}`,
				`Allowed values: ${describe(allowed)}`,
			);
		}
	}
}

/** The values of a fixedCollection as rows, each with the properties of its group. */
function fixedCollectionRows(
	property: INodeProperties,
	value: unknown,
): Array<{ fields: INodeProperties[]; row: IDataObject }> {
	if (!value || typeof value !== 'object') return [];
	return ((property.options ?? []) as Array<{ name: string; values?: INodeProperties[] }>).flatMap((group) => {
		const rows = (value as IDataObject)[group.name];
		return [rows ?? []].flat().map((row) => ({ fields: group.values ?? [], row: (row ?? {}) as IDataObject }));
	});
}

/** Checks a field that declares a bound (see bounded), and the bounded fields of its rows when it is a fixedCollection. */
function checkBounds(context: IExecuteFunctions, property: INodeProperties, value: unknown, itemIndex: number): void {
	const bound = boundOf(property);
	if (bound) checkBound(context, property.displayName, value, bound, itemIndex);
	if (property.type === 'fixedCollection') {
		for (const { fields, row } of fixedCollectionRows(property, value)) {
			for (const field of fields) if (field.name in row) checkBounds(context, field, row[field.name], itemIndex);
		}
	}
}

/**
 * Validates the current values of the operation's dropdowns and yes/no fields, and of every field that declares a
 * bound, including those inside collections.
 */
export function checkParameterTypes(
	context: IExecuteFunctions,
	properties: INodeProperties[],
	itemIndex: number,
): void {
	for (const property of properties) {
		if (property.type === 'collection') {
			const values = context.getNodeParameter(property.name, itemIndex, {}) as IDataObject;
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (!values || !(option.name in values)) continue;
				checkValue(context, option, values[option.name], itemIndex);
				checkBounds(context, option, values[option.name], itemIndex);
			}
			continue;
		}
		if (property.type === 'boolean' || property.type === 'options' || property.type === 'multiOptions') {
			// null, not undefined, as the fallback: n8n throws for a parameter that is hidden (not set) and has no fallback.
			checkValue(context, property, context.getNodeParameter(property.name, itemIndex, null), itemIndex);
		}
		if (boundOf(property) || property.type === 'fixedCollection') {
			checkBounds(context, property, context.getNodeParameter(property.name, itemIndex, null), itemIndex);
		}
	}
}
