import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireString } from '../../../../shared/helpers/validation';
import { changeReturnUnit, messageField, returnUnitIdField } from './common';

const properties: INodeProperties[] = [
	returnUnitIdField,
	messageField('Why the return is rejected. It opens a claim on the unit with this text as its first message.'),
];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['reject'] } }, properties);

/** PATCH /return-units/{id}/reject/ with `{message}`: rejects the returned unit (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const message = requireString(this, 'message', itemIndex, 'Message');
	return await changeReturnUnit(this, itemIndex, 'reject', { message });
}
