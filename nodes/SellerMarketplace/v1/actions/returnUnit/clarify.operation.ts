import { requireString } from '../../../../shared/helpers/validation';
import { messageField } from '../../descriptions/common';
import { changeReturnUnit, returnUnitIdField } from './common';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id}/clarify/ with `{message}`: asks the buyer to clarify the return (204). */
export const clarify = defineOperation({
	value: 'clarify',
	name: 'Clarify',
	action: 'Ask the buyer to clarify a returned unit',
	summary: 'Open a claim with a question to the buyer',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id}/clarify/' },
	properties: [
		returnUnitIdField,
		messageField('What the buyer should clarify. It opens a claim on the unit with this text as its first message.'),
	],
	async execute(itemIndex) {
		const message = requireString(this, 'message', itemIndex, 'Message');
		return await changeReturnUnit(this, itemIndex, 'clarify', { message });
	},
});
