import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeReturnUnit, returnUnitIdField } from './common';

const properties: INodeProperties[] = [returnUnitIdField];

export const description = updateDisplayOptions({ show: { resource: ['returnUnit'], operation: ['repair'] } }, properties);

/** PATCH /return-units/{id}/repair/: sends the returned unit to repair (no body, 204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await changeReturnUnit(this, itemIndex, 'repair');
}
