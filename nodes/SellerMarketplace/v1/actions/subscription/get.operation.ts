import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiPath, apiRequest } from '../../../../api/v1';
import { requireSubscriptionId, subscriptionField } from './shared';

const properties: INodeProperties[] = [subscriptionField('read')];

export const description = updateDisplayOptions({ show: { resource: ['subscription'], operation: ['get'] } }, properties);

/** GET /subscriptions/{id_subscription}/. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireSubscriptionId(this, itemIndex);
	const response = await apiRequest.call(this, { method: 'GET', path: apiPath`/subscriptions/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(response.body as never);
}
