import { compact } from '../../../../shared/helpers/validation';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getUnitId, readEmbeddedField, unitIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';

/** GET /units/{id_unit}?storefront=. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a unit',
	attempt: ['get unit {unitId}', 'get a unit'],
	summary: 'Read one of your offers',
	endpoint: 'GET /units/{id_unit}',
	output: outputShapes.unit,
	properties: [unitIdField, storefrontField, readEmbeddedField],
	async execute(itemIndex) {
		const id = getUnitId(this, itemIndex);
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
		});
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/units/${id}`, query, itemIndex });
	},
});
