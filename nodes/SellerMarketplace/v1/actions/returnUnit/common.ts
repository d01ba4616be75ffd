import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, messageField } from '../../descriptions/common';
import { successItem } from '../../helpers/output';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { statusReached } from '../../helpers/confirm';
import { defineOperation, type OperationWords } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** The state each decision moves a return unit to. */
const REACHED_STATUS = {
	accept: 'return_accepted',
	reject: 'return_rejected',
	repair: 'return_in_repair',
	clarify: 'return_in_clarification',
} as const;

export const returnUnitIdField: INodeProperties = idLocator({
	displayName: 'Return Unit',
	name: 'returnUnitId',
	searchListMethod: 'searchReturnUnits',
	placeholder: 'e.g. 4321',
	description: 'One returned unit, picked from your latest return units or given by its ID (id_return_unit)',
});

/** PATCH /return-units/{id}/<action>/ (204): the shared body of Accept, Reject, Repair and Clarify. */
export async function changeReturnUnit(
	context: IExecuteFunctions,
	itemIndex: number,
	action: keyof typeof REACHED_STATUS,
	body?: IDataObject,
): Promise<IDataObject> {
	const id = requireIntegerId(context, 'returnUnitId', itemIndex, 'Return Unit');
	const response = await apiRequest.call(context, {
		method: 'PATCH',
		path: apiPath`/return-units/${id}/${action}/`,
		body,
		confirmApplied: statusReached(context, apiPath`/return-units/${id}/`, [REACHED_STATUS[action]], itemIndex),
		itemIndex,
	});
	return successItem(response, { id_return_unit: id });
}

/**
 * Accept, Reject, Repair and Clarify, each a PATCH of the return unit with the decision's name; Reject and
 * Clarify send a message (`message` describes its field).
 */
export function returnUnitDecision<const Decision extends keyof typeof REACHED_STATUS>({
	message,
	...words
}: OperationWords<Decision> & { message?: string }) {
	const { value } = words;
	return defineOperation({
		...words,
		picks: PICKABLE_STATUSES.openReturnUnit,
		endpoint: `PATCH /return-units/{id}/${value}/`,
		properties: [returnUnitIdField, ...(message ? [messageField(message)] : [])],
		async execute(itemIndex) {
			const body = message ? { message: requireString(this, 'message', itemIndex, 'Message') } : undefined;
			return await changeReturnUnit(this, itemIndex, value, body);
		},
	});
}
