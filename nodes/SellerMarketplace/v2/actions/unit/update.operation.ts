import type { IDataObject } from 'n8n-workflow';

import { compact, inputError } from '../../../../shared/helpers/validation';
import { collectionField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../descriptions/storefront';
import { apiPath, apiRequestData } from '../../transport';
import { defineOperation } from '../define';
import { getUnitId, handlingTimeField, listingPriceField, optionalUnitFields, UNIT_FIELD_LABELS, unitBody, unitIdField, updateOnlyFields, writeEmbeddedField } from './fields';

/** The fields Update and Update Many change: everything PATCH /units/{id_unit} takes. */
export const updateFieldsProperty = collectionField(
	'Update Fields',
	'updateFields',
	[...optionalUnitFields, handlingTimeField, listingPriceField, ...updateOnlyFields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
);

/** The checked changes of one item; an empty change is refused rather than sent. */
export function unitChanges(context: Parameters<typeof unitBody>[0], itemIndex: number, storefront: Parameters<typeof unitBody>[3]): IDataObject {
	const changes = unitBody(context, itemIndex, context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject, storefront);
	if (Object.keys(changes).length === 0) throw inputError(context, itemIndex, '"Update Fields" is empty: add at least one field to change');
	return changes;
}

/** PATCH /units/{id_unit}?storefront=: answers 200 with the changed unit, which is output. */
export const update = defineOperation({
	resource: 'unit',
	value: 'update',
	name: 'Update',
	action: 'Update a unit',
	summary: 'Change price, stock or other details of an offer, or pause it',
	endpoint: { method: 'PATCH', path: '/units/{id_unit}' },
	properties: [unitIdField, storefrontField, updateFieldsProperty, writeEmbeddedField],
	async execute(itemIndex) {
		const id = getUnitId(this, itemIndex);
		const storefront = await requiredStorefront(this, itemIndex);
		const body = unitChanges(this, itemIndex, storefront);
		const query = compact({ storefront, embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, {
			method: 'PATCH',
			path: apiPath`/units/${id}`,
			query,
			body,
			itemIndex,
			fieldLabels: UNIT_FIELD_LABELS,
		});
	},
});
