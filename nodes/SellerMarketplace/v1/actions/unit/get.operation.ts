import { embeddedField } from '../../descriptions/common';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestRecord } from '../../../../api/v1';
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
		const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
		return await apiRequestRecord.call(this, {
			method: 'GET',
			path: apiPath`/units/${id}/`,
			query: compact({ embedded }),
			itemIndex,
		});
	},
});
