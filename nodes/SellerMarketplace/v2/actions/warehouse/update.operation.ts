import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import {
	getWarehouseId,
	updateWarehouseFields,
	WAREHOUSE_FIELD_LABELS,
	warehouseIdField,
	warehouseUpdateBody,
} from './fields';

/**
 * PUT /warehouses/{id_warehouse}: replaces the whole warehouse, so every field is sent; unless Make Default is on,
 * the warehouse is read first for its current default setting (see warehouseUpdateBody).
 */
export const update = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a warehouse',
	attempt: ['update warehouse {warehouseId}', 'update a warehouse'],
	summary: 'Replace the name, address and default setting of a warehouse',
	endpoint: 'PUT /warehouses/{id_warehouse}',
	reads: ['GET /warehouses/{id_warehouse}'],
	properties: [warehouseIdField, ...updateWarehouseFields],
	async execute(itemIndex) {
		const id = getWarehouseId(this, itemIndex);
		const body = await warehouseUpdateBody(this, id, itemIndex);
		return await apiRequestData.call(this, {
			method: 'PUT',
			path: apiPath`/warehouses/${id}`,
			body,
			itemIndex,
			fieldLabels: WAREHOUSE_FIELD_LABELS,
		});
	},
});
