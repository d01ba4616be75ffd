import { messageFields } from '../../../../shared/descriptions/message';
import { successItem } from '../../helpers/output';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { claimIdField } from '../claim/shared';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** POST /claim-messages/ (deprecated: claims were replaced by tickets). */
export const send = defineOperation({
	value: 'send',
	name: 'Send (Deprecated)',
	action: 'Send a claim message (deprecated)',
	summary: 'Deprecated: use Tickets. Answer a claim.',
	picks: PICKABLE_STATUSES.answerableConversation,
	attempt: 'send a message to claim {id}',
	endpoint: 'POST /claim-messages/',
	properties: [claimIdField('The claim to answer'), ...messageFields('claim')],
	async execute(itemIndex) {
		const body = {
			id_claim: requireIntegerId(this, 'claimId', itemIndex, 'Claim'),
			text: requireString(this, 'text', itemIndex, 'Text'),
			interim_notice: this.getNodeParameter('interimNotice', itemIndex, false) as boolean,
		};
		const response = await apiRequest.call(this, { method: 'POST', path: '/claim-messages/', body, itemIndex });
		return successItem(response, { id_claim: body.id_claim });
	},
});
