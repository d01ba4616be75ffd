import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { amountField, conditionField, listingPriceField, offerBody, offerFields, unitIdField } from './fields';

const properties: INodeProperties[] = [
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
];

export const description = updateDisplayOptions({ show: { resource: ['unit'], operation: ['update'] } }, properties);

/** PATCH /units/{id_unit}/: changes the fields sent (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
	const body = offerBody(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
	if (!Object.keys(body).length) throw inputError(this, itemIndex, '"Update Fields": add at least one field to change');
	const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/units/${id}/`, body, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { id_unit: id }));
}
