import { changeReturnUnit, returnUnitIdField } from './common';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

/** PATCH /return-units/{id}/accept/: accepts the returned unit (no body, 204). */
export const accept = defineOperation({
	value: 'accept',
	name: 'Accept',
	action: 'Accept a returned unit',
	summary: 'Accept the return of a unit',
	picks: PICKABLE_STATUSES.openReturnUnit,
	endpoint: { method: 'PATCH', path: '/return-units/{id}/accept/' },
	properties: [returnUnitIdField],
	async execute(itemIndex) {
		return await changeReturnUnit(this, itemIndex, 'accept');
	},
});
