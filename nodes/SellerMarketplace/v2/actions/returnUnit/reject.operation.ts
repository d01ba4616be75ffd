import { defineOperation } from '../../../actions/define';
import { returnUnitAction, returnUnitIdField } from './fields';
import { getMessage, messageField } from './message';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id_return_unit}/reject. */
export const reject = defineOperation({
	value: 'reject',
	name: 'Reject',
	action: 'Reject a return unit',
	summary: 'Refuse a returned unit, telling the buyer why',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id_return_unit}/reject' },
	properties: [returnUnitIdField, messageField('Why the return is refused; the buyer and customer service read it')],
	async execute(itemIndex) {
		return await returnUnitAction(this, itemIndex, 'reject', { message: getMessage(this, itemIndex) });
	},
});
