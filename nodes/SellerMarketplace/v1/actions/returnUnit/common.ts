import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../transport';
import { statusReached } from '../../helpers/confirm';

/** The state each decision moves a return unit to. */
const REACHED_STATUS = { accept: 'return_accepted', reject: 'return_rejected', repair: 'return_in_repair', clarify: 'return_in_clarification' } as const;

export const returnUnitIdField: INodeProperties = {
	displayName: 'Return Unit ID',
	name: 'returnUnitId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 4321',
	description: 'The ID of the returned unit (id_return_unit), as listed by Get Many or in a return with its units',
};

/** The message of Reject and Clarify: the API opens a claim on the unit and posts this text to it. */
export function messageField(description: string): INodeProperties {
	return {
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description,
	};
}

/** PATCH /return-units/{id}/<action>/ (204): the shared body of Accept, Reject, Repair and Clarify. */
export async function changeReturnUnit(
	context: IExecuteFunctions,
	itemIndex: number,
	action: 'accept' | 'reject' | 'repair' | 'clarify',
	body?: IDataObject,
): Promise<INodeExecutionData[]> {
	const id = requireIntegerId(context, 'returnUnitId', itemIndex, 'Return Unit ID');
	const response = await apiRequest.call(context, {
		method: 'PATCH',
		path: apiPath`/return-units/${id}/${action}/`,
		body,
		confirmApplied: statusReached(context, apiPath`/return-units/${id}/`, [REACHED_STATUS[action]], itemIndex),
		itemIndex,
	});
	return context.helpers.returnJsonArray(successItem(response, { id_return_unit: id }));
}
