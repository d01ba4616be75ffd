import { deletedItem } from '../../../../shared/helpers/output';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiPath, apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getUnitId, unitIdField } from './fields';

/** DELETE /units/{id_unit}?storefront= (204). */
export const deleteUnit = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a unit',
	attempt: ['delete unit {unitId}', 'delete a unit'],
	summary: 'Take an offer off the marketplace for good',
	endpoint: 'DELETE /units/{id_unit}',
	properties: [unitIdField, storefrontField],
	async execute(itemIndex) {
		const id = getUnitId(this, itemIndex);
		const storefront = await requiredStorefront(this, itemIndex);
		return deletedItem(
			await apiRequest.call(this, { method: 'DELETE', path: apiPath`/units/${id}`, query: { storefront }, itemIndex }),
		);
	},
});
