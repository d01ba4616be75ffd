import { embeddedField } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { returnUnitIdField } from './common';
import { defineOperation } from '../../../actions/define';

/** GET /return-units/{id}/: one returned unit, with its item, return, order unit, claim and tickets when asked. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a returned unit',
	attempt: ['get returned unit {returnUnitId}', 'get a returned unit'],
	summary: 'Get one returned unit',
	endpoint: 'GET /return-units/{id}/',
	properties: [returnUnitIdField, embeddedField(['item', 'return', 'order_unit', 'claim', 'tickets'])],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'returnUnitId', itemIndex, 'Return Unit');
		return await getWithEmbedded(this, apiPath`/return-units/${id}/`, itemIndex);
	},
});
