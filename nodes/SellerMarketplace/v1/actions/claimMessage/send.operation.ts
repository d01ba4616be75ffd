import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { messageFields } from '../../../../shared/descriptions/message';
import { successItem } from '../../helpers/output';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { claimIdField } from '../claim/shared';

const properties: INodeProperties[] = [
	claimIdField('The claim to answer'),
	...messageFields('claim'),
];

/** For the headline of a failure: the claim is the record named. */
export const attempt = 'send a message to claim {id}';

export const description = updateDisplayOptions({ show: { resource: ['claimMessage'], operation: ['send'] } }, properties);

/** POST /claim-messages/ (deprecated: claims were replaced by tickets). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = {
		id_claim: requireIntegerId(this, 'claimId', itemIndex, 'Claim'),
		text: requireString(this, 'text', itemIndex, 'Text'),
		interim_notice: this.getNodeParameter('interimNotice', itemIndex, false) as boolean,
	};
	const response = await apiRequest.call(this, { method: 'POST', path: '/claim-messages/', body, itemIndex });
	return this.helpers.returnJsonArray(successItem(response, { id_claim: body.id_claim }));
}
