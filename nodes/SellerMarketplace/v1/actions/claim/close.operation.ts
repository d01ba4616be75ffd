import { successItem } from '../../helpers/output';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { claimIdField } from './shared';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /claims/{id_claim}/close/ (no body; deprecated: claims were replaced by tickets). */
export const close = defineOperation({
	value: 'close',
	name: 'Close (Deprecated)',
	action: 'Close a claim (deprecated)',
	attempt: ['close claim {claimId}', 'close a claim'],
	summary: 'Deprecated: use Tickets. Close a claim.',
	picks: PICKABLE_STATUSES.closableConversation,
	endpoint: 'PATCH /claims/{id_claim}/close/',
	properties: [claimIdField('The claim to close')],
	async execute(itemIndex) {
		const idClaim = requireIntegerId(this, 'claimId', itemIndex, 'Claim');
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/claims/${idClaim}/close/`,
			itemIndex,
		});
		return successItem(response, { id_claim: idClaim });
	},
});
