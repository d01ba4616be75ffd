import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compact, inputError } from '../../../../shared/helpers/validation';
import { collectionField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getUnitId, UNIT_FIELD_LABELS, unitBody, unitIdField, updateUnitFields, writeEmbeddedField } from './fields';

/** The fields Update and Update Many change: everything PATCH /units/{id_unit} takes. */
export const updateFieldsProperty = collectionField('Update Fields', 'updateFields', updateUnitFields);

/** The checked changes of one item; an empty change is refused rather than sent. */
export function unitChanges(
	context: Parameters<typeof unitBody>[0],
	itemIndex: number,
	storefront: Parameters<typeof unitBody>[3],
): IDataObject {
	const changes = unitBody(
		context,
		itemIndex,
		context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		storefront,
	);
	if (Object.keys(changes).length === 0)
		throw inputError(context, itemIndex, '"Update Fields" is empty: add at least one field to change');
	return changes;
}

/**
 * The unit's listing price as the marketplace has it now. Every unit write must carry a listing price above 0
 * (OpenAPI, PATCH /units/{id_unit} and POST /units/bulk: "you have to specify a listing price greater than
 * zero"); a change that sets none (a stock update) sends the current one again. Between the read and the write
 * the price could change elsewhere (e.g. Smart Pricing); the write then sets it back, as a price given here would.
 */
export async function currentListingPrice(
	context: IExecuteFunctions,
	unitId: number,
	storefront: string,
	itemIndex: number,
): Promise<number> {
	const unit = await apiRequestData.call(context, {
		method: 'GET',
		path: apiPath`/units/${unitId}`,
		query: { storefront },
		itemIndex,
	});
	const price = unit.listing_price;
	if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 1) {
		throw new NodeOperationError(
			context.getNode(),
			`Unit ${unitId} was not changed: the marketplace must have a listing price with every change, and the unit's current one could not be read (it answered ${JSON.stringify(price ?? null)}). Set "Listing Price (in Cents)" in "Update Fields"`,
			{ itemIndex },
		);
	}
	return price;
}

/** The changes with a listing price: the one set, or else the unit's current one (see currentListingPrice). */
export async function withListingPrice(
	context: IExecuteFunctions,
	changes: IDataObject,
	unitId: number,
	storefront: string,
	itemIndex: number,
): Promise<IDataObject> {
	if (changes.listing_price !== undefined) return changes;
	return { ...changes, listing_price: await currentListingPrice(context, unitId, storefront, itemIndex) };
}

/**
 * PATCH /units/{id_unit}?storefront=: answers 200 with the changed unit, which is output. Without a Listing Price
 * among the changes, the unit is read first for its current one (see currentListingPrice).
 */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a unit',
	attempt: ['update unit {unitId}', 'update a unit'],
	summary: 'Change price, stock or other details of an offer, or pause it',
	endpoint: 'PATCH /units/{id_unit}',
	reads: ['GET /units/{id_unit}'],
	properties: [unitIdField, storefrontField, updateFieldsProperty, writeEmbeddedField],
	async execute(itemIndex) {
		const id = getUnitId(this, itemIndex);
		const storefront = await requiredStorefront(this, itemIndex);
		const body = await withListingPrice(this, unitChanges(this, itemIndex, storefront), id, storefront, itemIndex);
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
