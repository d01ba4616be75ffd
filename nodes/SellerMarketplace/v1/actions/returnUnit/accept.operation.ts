import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeReturnUnit, returnUnitIdField } from './common';

const properties: INodeProperties[] = [returnUnitIdField];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['accept'] } }, properties);

/** PATCH /return-units/{id}/accept/: accepts the returned unit (no body, 204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await changeReturnUnit(this, itemIndex, 'accept');
}
