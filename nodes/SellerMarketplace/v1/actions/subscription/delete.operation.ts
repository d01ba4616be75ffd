import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItem } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { requireSubscriptionId, subscriptionField } from './shared';

const properties: INodeProperties[] = [subscriptionField('delete')];

export const description = updateDisplayOptions({ show: { resource: ['subscription'], operation: ['delete'] } }, properties);

/** DELETE /subscriptions/{id_subscription}/: deletes at once and for good. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = requireSubscriptionId(this, itemIndex);
	const response = await apiRequest.call(this, { method: 'DELETE', path: apiPath`/subscriptions/${id}/`, itemIndex });
	return this.helpers.returnJsonArray(deletedItem(response));
}
