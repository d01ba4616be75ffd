import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getWarehouseId, warehouseIdField } from './fields';

/** GET /warehouses/{id_warehouse}. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a warehouse',
	attempt: ['get warehouse {warehouseId}', 'get a warehouse'],
	summary: 'Get one of your warehouses with its address',
	endpoint: 'GET /warehouses/{id_warehouse}',
	properties: [warehouseIdField],
	async execute(itemIndex) {
		const id = getWarehouseId(this, itemIndex);
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/warehouses/${id}`, itemIndex });
	},
});
