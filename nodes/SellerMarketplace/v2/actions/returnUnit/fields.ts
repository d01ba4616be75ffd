/** The return unit to act on, shared by the return unit operations, and the state changes on it. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';
import { apiPath, apiRequest, apiRequestData } from '../../../../api/v2';
import { defineOperation, type OperationWords } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';
import { getMessage, messageField } from './message';

export const returnUnitIdField = idLocator({
	displayName: 'Return Unit',
	name: 'returnUnitId',
	searchListMethod: 'searchReturnUnits',
	placeholder: 'e.g. 7896580917',
	description: 'One returned order unit, picked from your latest return units or given by its numeric ID',
});

export function getReturnUnitId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'returnUnitId', itemIndex, 'Return Unit');
}

const STATUS_AFTER = {
	accept: 'return_accepted',
	reject: 'return_rejected',
	clarify: 'return_in_clarification',
	repair: 'return_in_repair',
} as const;

/**
 * PATCH /return-units/{id}/{action} (204, no body): outputs what was done. When the answer to an earlier
 * attempt was lost and the retry is refused, the return unit is read back: in the status asked for, the action
 * had been applied (`alreadyApplied`).
 */
export async function returnUnitAction(
	context: IExecuteFunctions,
	itemIndex: number,
	action: keyof typeof STATUS_AFTER,
	body?: IDataObject,
): Promise<IDataObject> {
	const id = getReturnUnitId(context, itemIndex);
	const response = await apiRequest.call(context, {
		method: 'PATCH',
		path: apiPath`/return-units/${id}/${action}`,
		body,
		itemIndex,
		fieldLabels: { message: 'Message' },
		confirmApplied: async () => {
			const unit = await apiRequestData.call(context, { method: 'GET', path: apiPath`/return-units/${id}`, itemIndex });
			return unit.status === STATUS_AFTER[action];
		},
	});
	return {
		success: true,
		id_return_unit: id,
		status: STATUS_AFTER[action],
		...body,
		...(response.alreadyApplied ? { alreadyApplied: true } : {}),
	};
}

/**
 * Accept, Reject, Repair and Clarify, each a PATCH of the return unit with the decision's name; Reject and
 * Clarify send a message (`message` describes its field).
 */
export function returnUnitDecision<const Decision extends keyof typeof STATUS_AFTER>({
	message,
	...words
}: OperationWords<Decision> & { message?: string }) {
	const { value } = words;
	return defineOperation({
		...words,
		picks: PICKABLE_STATUSES.openReturnUnit,
		endpoint: `PATCH /return-units/{id_return_unit}/${value}`,
		properties: [returnUnitIdField, ...(message ? [messageField(message)] : [])],
		async execute(itemIndex) {
			return await returnUnitAction(
				this,
				itemIndex,
				value,
				message ? { message: getMessage(this, itemIndex) } : undefined,
			);
		},
	});
}
