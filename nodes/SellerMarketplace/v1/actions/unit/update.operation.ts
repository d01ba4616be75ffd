import type { IDataObject } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { amountField, conditionField, listingPriceField, offerBody, offerFields, unitIdField } from './fields';
import { defineOperation } from '../../../actions/define';

/** PATCH /units/{id_unit}/: changes the fields sent (204). */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a unit',
	attempt: ['update unit {unitId}', 'update a unit'],
	summary: 'Change price, stock or other details of an offer',
	endpoint: 'PATCH /units/{id_unit}/',
	properties: [
		unitIdField,
		{
			displayName:
				'The product (item or EAN) and the Offer ID of a unit cannot be changed, because the marketplace knows the offer by them. To change them, delete the unit and create it again.',
			name: 'fixedFieldsNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [conditionField, ...offerFields, listingPriceField, amountField].sort((a, b) =>
				a.displayName.localeCompare(b.displayName),
			),
		},
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
		const body = offerBody(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
		if (!Object.keys(body).length)
			throw inputError(this, itemIndex, '"Update Fields": add at least one field to change');
		const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/units/${id}/`, body, itemIndex });
		return successItem(response, { id_unit: id });
	},
});
