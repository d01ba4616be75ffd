import { apiPath, apiRequestData } from '../../transport';
import { defineOperation } from '../define';
import { getWarehouseId, WAREHOUSE_FIELD_LABELS, warehouseBody, warehouseFields, warehouseIdField } from './fields';

/** PUT /warehouses/{id_warehouse}: replaces the whole warehouse, so every field is sent. */
export const update = defineOperation({
	resource: 'warehouse',
	value: 'update',
	name: 'Update',
	action: 'Update a warehouse',
	summary: 'Replace the name, address and default setting of a warehouse',
	endpoint: { method: 'PUT', path: '/warehouses/{id_warehouse}' },
	properties: [warehouseIdField, ...warehouseFields],
	async execute(itemIndex) {
		const id = getWarehouseId(this, itemIndex);
		const body = warehouseBody(this, itemIndex);
		return await apiRequestData.call(this, { method: 'PUT', path: apiPath`/warehouses/${id}`, body, itemIndex, fieldLabels: WAREHOUSE_FIELD_LABELS });
	},
});
