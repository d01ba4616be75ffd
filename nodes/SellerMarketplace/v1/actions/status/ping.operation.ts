import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../../api/v1';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions({ show: { resource: ['status'], operation: ['ping'] } }, properties);

/** GET /status/ping/: a cheap signed request that proves the keys and the clock are right. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const response = await apiRequest.call(this, { method: 'GET', path: '/status/ping/', itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
