import { changeReturnUnit, returnUnitIdField } from './common';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id}/repair/: sends the returned unit to repair (no body, 204). */
export const repair = defineOperation({
	value: 'repair',
	name: 'Repair',
	action: 'Send a returned unit to repair',
	summary: 'Have the returned unit repaired',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id}/repair/' },
	properties: [returnUnitIdField],
	async execute(itemIndex) {
		return await changeReturnUnit(this, itemIndex, 'repair');
	},
});
