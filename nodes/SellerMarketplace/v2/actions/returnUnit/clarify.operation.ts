import { defineOperation } from '../../../actions/define';
import { returnUnitAction, returnUnitIdField } from './fields';
import { getMessage, messageField } from './message';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id_return_unit}/clarify. */
export const clarify = defineOperation({
	value: 'clarify',
	name: 'Clarify',
	action: 'Ask to clarify a return unit',
	summary: 'Put a returned unit on hold and ask for clarification',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id_return_unit}/clarify' },
	properties: [returnUnitIdField, messageField('What needs clarifying; customer service reads it')],
	async execute(itemIndex) {
		return await returnUnitAction(this, itemIndex, 'clarify', { message: getMessage(this, itemIndex) });
	},
});
