import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireString } from '../../../../shared/helpers/validation';
import { changeReturnUnit, messageField, returnUnitIdField } from './common';

const properties: INodeProperties[] = [
	returnUnitIdField,
	messageField('What the buyer should clarify. It opens a claim on the unit with this text as its first message.'),
];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['clarify'] } }, properties);

/** PATCH /return-units/{id}/clarify/ with `{message}`: asks the buyer to clarify the return (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const message = requireString(this, 'message', itemIndex, 'Message');
	return await changeReturnUnit(this, itemIndex, 'clarify', { message });
}
