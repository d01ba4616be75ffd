import { requireString } from '../../../../shared/helpers/validation';
import { messageField } from '../../descriptions/common';
import { changeReturnUnit, returnUnitIdField } from './common';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id}/reject/ with `{message}`: rejects the returned unit (204). */
export const reject = defineOperation({
	value: 'reject',
	name: 'Reject',
	action: 'Reject a returned unit',
	summary: 'Reject the return of a unit, with a message to the buyer',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id}/reject/' },
	properties: [
		returnUnitIdField,
		messageField('Why the return is rejected. It opens a claim on the unit with this text as its first message.'),
	],
	async execute(itemIndex) {
		const message = requireString(this, 'message', itemIndex, 'Message');
		return await changeReturnUnit(this, itemIndex, 'reject', { message });
	},
});
