import { defineOperation } from '../../../actions/define';
import { returnUnitAction, returnUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id_return_unit}/accept. */
export const accept = defineOperation({
	value: 'accept',
	name: 'Accept',
	action: 'Accept a return unit',
	summary: 'Accept a returned unit that arrived as the buyer said',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id_return_unit}/accept' },
	properties: [returnUnitIdField],
	async execute(itemIndex) {
		return await returnUnitAction(this, itemIndex, 'accept');
	},
});
