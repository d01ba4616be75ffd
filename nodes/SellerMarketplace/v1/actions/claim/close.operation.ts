import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItem } from '../../helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { claimIdField } from './shared';

const properties: INodeProperties[] = [claimIdField('The claim to close')];

export const description = updateDisplayOptions({ show: { resource: ['claim'], operation: ['close'] } }, properties);

/** PATCH /claims/{id_claim}/close/ (no body; deprecated: claims were replaced by tickets). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const idClaim = requireIntegerId(this, 'claimId', itemIndex, 'Claim');
	const response = await apiRequest.call(this, { method: 'PATCH', path: apiPath`/claims/${idClaim}/close/`, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { id_claim: idClaim }));
}
