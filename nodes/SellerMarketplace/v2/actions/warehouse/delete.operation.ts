import { deletedItem } from '../../../../shared/helpers/output';
import { apiPath, apiRequest, confirmGone } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getWarehouseId, warehouseIdField } from './fields';

/** DELETE /warehouses/{id_warehouse}. */
export const deleteWarehouse = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a warehouse',
	attempt: ['delete warehouse {warehouseId}', 'delete a warehouse'],
	summary: 'Delete a warehouse that no unit uses and that is not your default',
	endpoint: 'DELETE /warehouses/{id_warehouse}',
	properties: [warehouseIdField],
	async execute(itemIndex) {
		const id = getWarehouseId(this, itemIndex);
		const path = apiPath`/warehouses/${id}`;
		return deletedItem(
			await apiRequest.call(this, {
				method: 'DELETE',
				path,
				itemIndex,
				confirmApplied: confirmGone(this, path, itemIndex),
			}),
		);
	},
});
