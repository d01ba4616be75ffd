import { embeddedField } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { unitIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /units/{id_unit}/: one of your units, optionally with its item. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a unit',
	attempt: ['get unit {unitId}', 'get a unit'],
	summary: 'Read one of your offers',
	endpoint: 'GET /units/{id_unit}/',
	output: outputShapes.unit,
	properties: [unitIdField, embeddedField(['item'], 'Related data to include: the item (product) offered')],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'unitId', itemIndex, 'Unit');
		return await getWithEmbedded(this, apiPath`/units/${id}/`, itemIndex);
	},
});
