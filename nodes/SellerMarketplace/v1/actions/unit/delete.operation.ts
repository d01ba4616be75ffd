import { deletedItem } from '../../../../shared/helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { unitIdField } from './fields';
import { defineOperation } from '../../../actions/define';

/** DELETE /units/{id_unit}/: takes the offer off the marketplace (204). */
export const deleteUnit = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a unit',
	attempt: ['delete unit {unitId}', 'delete a unit'],
	summary: 'Take an offer off the marketplace',
	endpoint: 'DELETE /units/{id_unit}/',
	properties: [unitIdField],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
		const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/units/${id}/`, itemIndex });
		return deletedItem(response);
	},
});
