import { defineOperation } from '../../../actions/define';
import { returnUnitAction, returnUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id_return_unit}/repair. */
export const repair = defineOperation({
	value: 'repair',
	name: 'Repair',
	action: 'Send a return unit to repair',
	summary: 'Mark a returned unit as being repaired',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id_return_unit}/repair' },
	properties: [returnUnitIdField],
	async execute(itemIndex) {
		return await returnUnitAction(this, itemIndex, 'repair');
	},
});
